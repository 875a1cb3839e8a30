/**
 * A message for the next page shown, such as "Saved" after a save: the page it goes to (or the
 * same one, shown afresh) takes it once.
 */
/* global location, window, HashChangeEvent */
let pending = null;

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
