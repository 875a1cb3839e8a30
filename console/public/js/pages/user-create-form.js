/**
 * The form that creates a user: email, name and permissions, each permission in plain words, and
 * roles that tick them. Created, the user's invitation link comes in the same step, shown once.
 */
import { apiPaths, apiSend, ApiError } from '../api-client.js';
import { PERMISSION_WORDS, USER_ROLES } from '../access-words.js';
import { guard, refusal, sharedRefusal } from '../capabilities.js';
import { h } from '../dom.js';
import { checkbox, errorSummary, field, setFieldError, showFieldErrors } from '../forms.js';
import { rolePresets } from '../role-presets.js';
import { invitationFor } from './user-invitation.js';

export const PERMISSIONS = Object.keys(PERMISSION_WORDS);

/** Why the caller may not grant `permission`; null when they may. */
export const cannotGrant = (me, permission) =>
  me.user.permissions.includes(permission)
    ? null
    : `You lack "${permission}", so you cannot grant it.`;

function permissionBox(permission, refused) {
  const entry = checkbox(permission, { name: `permission-${permission}` });
  const words = h(
    'p',
    { class: 'hint', id: `${entry.control.id}-words` },
    PERMISSION_WORDS[permission],
  );
  entry.control.setAttribute('aria-describedby', `${words.id} ${entry.error.id}`);
  entry.wrap.append(words);
  if (refused) {
    refused.refuse(entry.control);
    entry.wrap.append(refused.note);
  }
  return [permission, entry];
}

/** `onCreated()`: the list is read again; `say(node)`: what the page says above the list. */
export function userCreateForm(me, { onCreated, say }) {
  const summary = errorSummary();
  const email = field('Email', h('input', { type: 'email', name: 'email' }));
  const name = field('Name (optional)', h('input', { type: 'text', name: 'name' }));
  const refusals = new Map(
    PERMISSIONS.map((permission) => [permission, sharedRefusal(cannotGrant(me, permission))]),
  );
  const boxes = PERMISSIONS.map((permission) =>
    permissionBox(permission, refusals.get(permission)),
  );
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
      rolePresets({
        legend: 'Start from a role:',
        roles: USER_ROLES,
        key: 'permissions',
        boxes,
        refused: (permission) => refusals.get(permission),
      }),
      boxes.map(([, e]) => e.wrap),
    ),
    h(
      'p',
      { class: 'hint' },
      'Created, the user gets an invitation link to set a password, shown here once.',
    ),
    h('div', { class: 'actions' }, submit, note),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    summary.hidden = true;
    setFieldError(email, null);
    setFieldError(name, null);
    const body = {
      email: email.control.value.trim(),
      permissions: boxes.filter(([, e]) => e.control.checked).map(([p]) => p),
    };
    if (name.control.value.trim()) body.name = name.control.value.trim();
    let user;
    try {
      user = await apiSend('POST', apiPaths.users(), body);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      showFieldErrors(
        summary,
        error.message,
        error.fields,
        (key) => ({ email, name })[key] ?? null,
      );
      summary.focus();
      return;
    }
    email.control.value = '';
    name.control.value = '';
    await onCreated();
    try {
      say(await invitationFor(user, `Created ${user.email}.`));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      const why = `Created ${user.email}, but no invitation link was made: ${error.message}`;
      say(h('p', { class: 'error', role: 'alert' }, why));
    }
  });
  return form;
}
