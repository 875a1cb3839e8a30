/**
 * Users: create one (pages/user-create-form.js), set each user's permissions and whether it is
 * active, make a new invitation link, delete. What the calling token may not do, and the
 * permissions the calling user cannot grant, are said once above the list; a user holding a
 * permission the caller lacks cannot be changed, which its row says once for all its controls.
 * The API's refusals, should they still come (a 403 naming what the caller lacks, a 409 for
 * deactivating oneself or the tenant's last admin), are shown with its message, and the row shows
 * again what is stored.
 */
import { apiGet, apiPaths, apiSend, ApiError } from '../api-client.js';
import { guard, refusal, sharedRefusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { checkbox } from '../forms.js';
import { outranked } from '../outranked.js';
import { deleteUserButton } from './user-delete-button.js';
import { cannotGrant, PERMISSIONS, userCreateForm } from './user-create-form.js';
import { invitationFor } from './user-invitation.js';
import { dataTable, scrollBox } from '../views.js';

const COLUMNS = ['User', 'Permissions', 'Active', ''];

/** What the caller may not do on any row: said once, above the list. */
function pageRefusals(me) {
  const ability = (name) => sharedRefusal(refusal(me, name, 'manage_settings'));
  const grant = Object.fromEntries(
    PERMISSIONS.map((permission) => [permission, sharedRefusal(cannotGrant(me, permission))]),
  );
  const refusals = {
    update: ability('update'),
    create: ability('create'),
    delete: ability('delete'),
    grant,
  };
  const notes = [refusals.update, refusals.create, refusals.delete, ...Object.values(grant)]
    .filter(Boolean)
    .map(({ note }) => h('li', {}, note));
  return {
    refusals,
    notes: notes.length === 0 ? null : h('ul', { class: 'page-refusals' }, notes),
  };
}

function inviteButton(user, say, refused) {
  const who = user.email;
  const invite = h(
    'button',
    { type: 'button', class: 'small', 'aria-label': `New invitation link for ${who}` },
    'New invitation link',
  );
  let note = null;
  if (refused) refused.refuse(invite);
  else note = guard(invite, user.active ? null : 'Not allowed: activate this user first.');
  invite.addEventListener('click', async () => {
    try {
      say(await invitationFor(user));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      say(h('p', { class: 'error', role: 'alert' }, `No link made for ${who}. ${error.message}`));
    }
  });
  return [invite, note];
}

function userRow(me, user, { say, reload, refusals }) {
  const who = user.email;
  // A user holding what the caller lacks: one reason for every control of the row.
  const row = sharedRefusal(outranked(me, user, 'change, invite or delete them'));
  const boxes = PERMISSIONS.map((permission) => {
    const entry = checkbox(`${permission} for ${who}`, {
      checked: user.permissions.includes(permission),
    });
    (row ?? refusals.grant[permission])?.refuse(entry.control);
    return [permission, entry];
  });
  const active = checkbox(`Active: ${who}`, { checked: user.active });
  const save = h('button', { type: 'button', class: 'small', 'aria-label': `Save ${who}` }, 'Save');
  const cannotSave = row ?? refusals.update;
  if (cannotSave) {
    cannotSave.refuse(save);
    cannotSave.refuse(active.control);
    for (const [, entry] of boxes) cannotSave.refuse(entry.control);
  }
  save.addEventListener('click', async () => {
    try {
      await apiSend('PATCH', apiPaths.user(user.id), {
        permissions: boxes.filter(([, e]) => e.control.checked).map(([p]) => p),
        active: active.control.checked,
      });
      say(h('p', { class: 'success', role: 'status' }, `Saved ${who}.`));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      // Refused: nothing changed, so the row shows what is stored again, under the reason.
      await reload();
      say(h('p', { class: 'error', role: 'alert' }, `Not saved: ${who}. ${error.message}`));
    }
  });
  return [
    [
      user.name ?? '',
      user.name ? ' ' : '',
      h('code', {}, user.email),
      user.id === me.user.id ? h('span', { class: 'muted' }, ' (you)') : null,
    ],
    boxes.map(([, e]) => e.wrap),
    active.wrap,
    [
      save,
      ' ',
      ...inviteButton(user, say, row ?? refusals.create),
      ' ',
      ...deleteUserButton(me, user, { say, reload, refused: row ?? refusals.delete }),
      row ? h('div', {}, row.note) : null,
    ],
  ];
}

export async function renderUsers(container, _route, { signal, me }) {
  container.append(h('h1', {}, 'Users'));
  const cannotList = refusal(me, 'read', 'manage_settings');
  if (cannotList) {
    container.append(h('p', { class: 'not-allowed' }, `You cannot see the users. ${cannotList}`));
    return;
  }
  const said = h('div', { 'aria-live': 'polite' });
  const listArea = h('div');
  const say = (node) => fill(said, node);
  const renderList = (users) => {
    // Made again with the rows, so that each note is read out with the controls it disables.
    const { refusals, notes } = pageRefusals(me);
    const rows = users.map((u) => userRow(me, u, { say, reload, refusals }));
    fill(
      listArea,
      notes,
      scrollBox(
        dataTable({ caption: 'Users of the tenant', columns: COLUMNS, rows, className: 'users' }),
      ),
    );
  };
  async function reload() {
    renderList((await apiGet(apiPaths.users())).items);
  }
  container.append(userCreateForm(me, { onCreated: reload, say }), said, listArea);
  renderList((await apiGet(apiPaths.users(), { signal })).items);
}
