/**
 * Asks before a recorded request is sent again: a replay is a new request through the funnel's
 * current mapping, and writes the items it holds as that request would.
 */
/* global window */
import { formatDateTime } from './format.js';

export function confirmReplay(receivedAt) {
  return window.confirm(
    `Send the request received ${formatDateTime(receivedAt)} again, through the funnel's ` +
      'current mapping? It is a new request: the items it holds are written again.',
  );
}
