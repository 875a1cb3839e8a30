/**
 * A secret the API shows this once (a new token, a signing secret), with a copy button: the page
 * keeps it nowhere, so leaving or reloading it loses it.
 */
/* global navigator */
import { h } from './dom.js';

/**
 * The region that holds it: `intro` says what it is and that it will not be shown again;
 * `label` names the field, `copyText` the button.
 */
export function shownOnce({ id, secret, size, regionLabel, intro, label, copyText }) {
  const value = h('input', { type: 'text', readonly: true, id, class: 'code', size });
  value.value = secret;
  const copy = h('button', { type: 'button' }, copyText);
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
    { class: 'shown-once', role: 'region', 'aria-label': regionLabel },
    h('p', {}, ...intro),
    h('label', { for: id }, label),
    h('div', { class: 'actions' }, value, copy, said),
  );
}
