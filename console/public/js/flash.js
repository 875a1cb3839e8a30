/**
 * A message for the next page shown, such as "Saved" after a save: the page it goes to (or the
 * same one, shown afresh) takes it once. A shown message belongs to the action that made it, so
 * the next action on the page (a click on a button, a form sent) takes it away: a green "Saved"
 * never stands beside the error of a later save.
 */
/* global document, location, window, HashChangeEvent */
import { h } from './dom.js';

let pending = null;
const shown = new Set();

export function goWithMessage(hash, message) {
  pending = message;
  if (location.hash === hash) window.dispatchEvent(new HashChangeEvent('hashchange'));
  else location.hash = hash;
}

export function takeFlash() {
  const message = pending;
  pending = null;
  return message;
}

/** The pending message as a status line, or null; it goes at the page's next action. */
export function flashLine() {
  const message = takeFlash();
  if (!message) return null;
  const line = h('p', { class: 'success', role: 'status' }, message);
  shown.add(line);
  return line;
}

/** Takes away every message an earlier action left on the page. */
export function clearShownMessages() {
  for (const line of shown) line.remove();
  shown.clear();
}

// Capturing: the messages go before the action's own handler shows anything new.
document.addEventListener('submit', clearShownMessages, true);
document.addEventListener(
  'click',
  (event) => {
    if (event.target instanceof window.Element && event.target.closest('button'))
      clearShownMessages();
  },
  true,
);
