/**
 * Users: create one, set each user's permissions and whether it is active. Permissions the
 * calling user lacks cannot be granted, and a user holding one of them cannot be changed; their
 * controls are disabled and say so. The API's refusals, should they still come (a 403 naming what
 * the caller lacks, a 409 for deactivating oneself or the tenant's last admin), are shown with its
 * message, and the row shows again what is stored. **New invitation link** makes a one-time link
 * with which the user sets a password and signs in; it is shown once, here, and kept nowhere.
 */
import { apiGet, apiPaths, apiSend, ApiError } from '../api-client.js';
import { guard, refusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { checkbox, errorSummary, field, setFieldError, showFieldErrors } from '../forms.js';
import { formatDateTime } from '../format.js';
import { outranked } from '../outranked.js';
import { shownOnce } from '../shown-once.js';
import { deleteUserButton } from './user-delete-button.js';
import { dataTable, scrollBox } from '../views.js';

const PERMISSIONS = ['manage_funnels', 'manage_settings'];
const COLUMNS = ['User', 'Permissions', 'Active', ''];

function permissionBoxes(me, held, who) {
  return PERMISSIONS.map((permission) => {
    const entry = checkbox(`${permission}${who ? ` for ${who}` : ''}`, {
      checked: held.includes(permission),
    });
    const lacks = me.user.permissions.includes(permission)
      ? null
      : `You lack "${permission}", so you cannot grant it.`;
    entry.wrap.append(guard(entry.control, lacks) ?? '');
    return [permission, entry];
  });
}

const checked = (boxes) => boxes.filter(([, e]) => e.control.checked).map(([p]) => p);

function createForm(me, onCreated) {
  const summary = errorSummary();
  const email = field('Email', h('input', { type: 'email', name: 'email' }));
  const name = field('Name (optional)', h('input', { type: 'text', name: 'name' }));
  const boxes = permissionBoxes(me, [], '');
  const submit = h('button', { type: 'submit' }, 'Create user');
  const note = guard(submit, refusal(me, 'create', 'manage_settings'));
  const form = h(
    'form',
    { class: 'editor', novalidate: true, 'aria-label': 'Create a user' },
    h('h2', {}, 'Create a user'),
    summary,
    email.wrap,
    name.wrap,
    h(
      'fieldset',
      {},
      h('legend', {}, 'Permissions'),
      boxes.map(([, e]) => e.wrap),
    ),
    h('div', { class: 'actions' }, submit, note),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    summary.hidden = true;
    setFieldError(email, null);
    setFieldError(name, null);
    const body = { email: email.control.value.trim(), permissions: checked(boxes) };
    if (name.control.value.trim()) body.name = name.control.value.trim();
    try {
      await apiSend('POST', apiPaths.users(), body);
      email.control.value = '';
      name.control.value = '';
      await onCreated();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      showFieldErrors(
        summary,
        error.message,
        error.fields,
        (key) => ({ email, name })[key] ?? null,
      );
      summary.focus();
    }
  });
  return form;
}

function inviteButton(me, user, say) {
  const who = user.email;
  const invite = h(
    'button',
    { type: 'button', class: 'small', 'aria-label': `New invitation link for ${who}` },
    'New invitation link',
  );
  const inactive = user.active ? null : 'Not allowed: activate this user first.';
  const note = guard(
    invite,
    refusal(me, 'create', 'manage_settings') ?? outranked(me, user, 'invite them') ?? inactive,
  );
  invite.addEventListener('click', async () => {
    try {
      const made = await apiSend('POST', apiPaths.userInvitation(user.id), undefined);
      const until = formatDateTime(made.validUntil);
      say(
        shownOnce({
          id: 'invitation-link',
          secret: made.link,
          size: 80,
          regionLabel: `Invitation link for ${who}`,
          intro: [
            `Send this link to ${who}: it sets their password and works once, until ${until}. `,
            'It is not shown again. A new link makes the earlier ones of this user stop working.',
          ],
          label: 'Invitation link',
          copyText: 'Copy link',
        }),
      );
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      say(h('p', { class: 'error', role: 'alert' }, `No link made for ${who}. ${error.message}`));
    }
  });
  return [invite, note];
}

function userRow(me, user, say, reload) {
  const who = user.email;
  const boxes = permissionBoxes(me, user.permissions, who);
  const active = checkbox(`Active: ${who}`, { checked: user.active });
  const save = h('button', { type: 'button', class: 'small', 'aria-label': `Save ${who}` }, 'Save');
  const note = guard(
    save,
    refusal(me, 'update', 'manage_settings') ?? outranked(me, user, 'change them'),
  );
  if (note) {
    active.control.disabled = true;
    for (const [, entry] of boxes) entry.control.disabled = true;
  }
  save.addEventListener('click', async () => {
    try {
      await apiSend('PATCH', apiPaths.user(user.id), {
        permissions: checked(boxes),
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
      note,
      ' ',
      ...inviteButton(me, user, say),
      ' ',
      ...deleteUserButton(me, user, say, reload),
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
  const renderList = (users) =>
    fill(
      listArea,
      scrollBox(
        dataTable({
          caption: 'Users of the tenant',
          columns: COLUMNS,
          rows: users.map((u) => userRow(me, u, say, reload)),
          className: 'users',
        }),
      ),
    );
  async function reload() {
    renderList((await apiGet(apiPaths.users())).items);
  }
  container.append(createForm(me, reload), said, listArea);
  renderList((await apiGet(apiPaths.users(), { signal })).items);
}
