/** Pieces the export pages show alike: an export's state, its backlog, a secret shown once. */
import { h } from '../dom.js';
import { count, timeElement } from '../format.js';
import { shownOnce } from '../shown-once.js';

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

/** The signing secret, shown this once with a copy button. */
export function secretShownOnce(heading, secret) {
  shownCount += 1;
  return shownOnce({
    id: `export-secret-${shownCount}`,
    secret,
    size: 50,
    regionLabel: 'Signing secret',
    intro: [
      h('strong', {}, heading, ' '),
      'Copy the signing secret now: it is shown this once and will not be shown again. ',
      'The receiver checks each delivery’s webhook-signature with it.',
    ],
    label: 'The signing secret',
    copyText: 'Copy secret',
  });
}
