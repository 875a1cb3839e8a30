/**
 * The history view, with its filters, that this tab last showed of each funnel: a request page
 * leads back to it rather than to the unfiltered history.
 */
/* global sessionStorage */
import { links } from '../routes.js';

const KEY = 'funnel-sync.console.history-view.';

export function rememberHistoryView(funnel, filters) {
  sessionStorage.setItem(KEY + funnel, links.history(funnel, filters));
}

export function lastHistoryView(funnel) {
  return sessionStorage.getItem(KEY + funnel) ?? links.history(funnel);
}
