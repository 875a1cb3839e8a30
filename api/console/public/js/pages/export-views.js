/** Pieces the export pages show alike: an export's state, its backlog, a secret shown once. */
/* global navigator */
import { h } from '../dom.js';
import { count, timeElement } from '../format.js';

/** The state as a word (the word alone carries the meaning), with the service's reason. */
export function exportState(exp) {
  const word = h('span', { class: `status export-${exp.state}` }, exp.state);
  if (exp.state === 'disabled' && exp.disabledReason) {
    return [word, ' ', h('span', { class: 'reason' }, exp.disabledReason)];
  }
  return word;
}

/** What waits to be sent, and since when every attempt failed. */
export function exportBacklog(exp) {
  const waiting =
    exp.pendingDeliveries === 0
      ? 'Nothing waiting'
      : `${count(exp.pendingDeliveries, 'delivery', 'deliveries')} waiting`;
  if (!exp.failingSince) return waiting;
  return [waiting, h('br'), 'failing since ', timeElement(exp.failingSince)];
}

let shownCount = 0;

/**
 * The signing secret, shown this once with a copy button: the page keeps it nowhere, so leaving
 * or reloading it loses it.
 */
export function secretShownOnce(heading, secret) {
  shownCount += 1;
  const id = `export-secret-${shownCount}`;
  const value = h('input', { type: 'text', readonly: true, id, class: 'code', size: 50 });
  value.value = secret;
  const copy = h('button', { type: 'button' }, 'Copy secret');
  const said = h('span', { role: 'status' });
  copy.addEventListener('click', async () => {
    value.select();
    try {
      await navigator.clipboard.writeText(value.value);
      said.textContent = 'Copied.';
    } catch {
      said.textContent = 'Could not copy: select the text and copy it.';
    }
  });
  return h(
    'div',
    { class: 'shown-once', role: 'region', 'aria-label': 'Signing secret' },
    h(
      'p',
      {},
      h('strong', {}, heading, ' '),
      'Copy the signing secret now: it is shown this once and will not be shown again. ',
      'The receiver checks each delivery’s webhook-signature with it.',
    ),
    h('label', { for: id }, 'The signing secret'),
    h('div', { class: 'actions' }, value, copy, said),
  );
}
