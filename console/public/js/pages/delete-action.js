/**
 * A Delete button for a settings resource: asks first, saying what deleting affects, then sends
 * DELETE; a refusal (a 409 naming what still uses it) is said beside the button.
 */
/* global window */
import { apiSend, ApiError } from '../api-client.js';
import { guard, refusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { goWithMessage } from '../flash.js';
import { errorBox } from '../views.js';

/** `what`: "funnel shoes"; `affects`: the sentence the confirmation says; `then`: where to go. */
export function deleteAction(me, { what, affects, path, permission, then, before = () => {} }) {
  const button = h('button', { type: 'button', class: 'secondary danger' }, `Delete ${what}`);
  const note = guard(button, refusal(me, 'delete', permission));
  const out = h('div', { 'aria-live': 'polite' });
  button.addEventListener('click', async () => {
    if (!window.confirm(`Delete ${what}? ${affects}`)) return;
    button.disabled = true;
    try {
      await apiSend('DELETE', path);
      before();
      goWithMessage(then, `Deleted ${what}.`);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      fill(out, errorBox(`Not deleted: ${error.message}`));
      button.disabled = false;
    }
  });
  return h('div', { class: 'delete-action' }, h('div', { class: 'actions' }, button, note), out);
}
