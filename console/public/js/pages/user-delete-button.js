/**
 * Deleting a user from its row: asked first, saying what it affects (its tokens and sessions
 * stop working); a refusal (a user holding what the caller lacks, the tenant's last admin) is
 * said with the API's reason. `refused`: the reason shared with the row's other controls, said
 * where the row says it.
 */
/* global window */
import { apiSend, apiPaths, ApiError } from '../api-client.js';
import { guard } from '../capabilities.js';
import { h } from '../dom.js';

export function deleteUserButton(me, user, { say, reload, refused }) {
  const who = user.email;
  const button = h(
    'button',
    { type: 'button', class: 'small secondary', 'aria-label': `Delete ${who}` },
    'Delete',
  );
  const self = user.id === me.user?.id ? 'You cannot delete yourself here.' : null;
  let note = null;
  if (refused) refused.refuse(button);
  else note = guard(button, self);
  button.addEventListener('click', async () => {
    const affects =
      'Every token of this user and every session stop working at once; what they sent stays.';
    if (!window.confirm(`Delete the user ${who}? ${affects}`)) return;
    try {
      await apiSend('DELETE', apiPaths.user(user.id));
      await reload();
      say(h('p', { class: 'success', role: 'status' }, `Deleted ${who}.`));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      say(h('p', { class: 'error', role: 'alert' }, `Not deleted: ${who}. ${error.message}`));
    }
  });
  return [button, note];
}
