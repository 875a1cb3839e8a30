/**
 * Asks before a person leaves an editor whose changes are not saved: closing or reloading the
 * tab (beforeunload), and following a link inside the console (the address's hash). A form
 * counts as changed from its first input until it is saved; a form no longer on the page (its
 * page was left) never asks.
 */
/* global document, window */

const LEAVE = 'You have changes that are not saved. Leave this page and lose them?';
let watched = null;

const unsaved = () => watched !== null && watched.changed && watched.form.isConnected;

/** Watches `form`; returns `saved()`, to call once its changes are stored. */
export function watchUnsaved(form) {
  const state = { form, changed: false };
  watched = state;
  const mark = () => {
    state.changed = true;
  };
  form.addEventListener('input', mark);
  form.addEventListener('change', mark);
  return () => {
    state.changed = false;
  };
}

window.addEventListener('beforeunload', (event) => {
  if (unsaved()) event.preventDefault();
});

// Capturing, so that the question comes before the address changes.
document.addEventListener(
  'click',
  (event) => {
    const link = event.target instanceof window.Element ? event.target.closest('a[href]') : null;
    if (!link || !link.getAttribute('href').startsWith('#') || !unsaved()) return;
    if (window.confirm(LEAVE)) watched.changed = false;
    else event.preventDefault();
  },
  true,
);
