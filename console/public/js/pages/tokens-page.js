/**
 * Tokens: create one (the token string is shown once, with a copy button, and is gone when the
 * page is left: it is kept nowhere), list them without secrets, revoke. A new token starts with
 * what a sender needs (`create` and `delete`); each ability is said in words, and roles tick them. Abilities the calling
 * token lacks cannot be granted; their boxes are disabled and say so, as are the tokens of users
 * holding a permission the caller lacks. Revoking the token this console signed in with warns
 * first that it signs you out, and then does.
 */
/* global window */
import { ABILITY_WORDS, SENDER_ABILITIES, TOKEN_ROLES } from '../access-words.js';
import { apiGet, apiPaths, apiSend, ApiError } from '../api-client.js';
import { guard, refusal, sharedRefusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { checkbox, errorSummary, field, select, setFieldError, showFieldErrors } from '../forms.js';
import { timeElement } from '../format.js';
import { outranked } from '../outranked.js';
import { rolePresets } from '../role-presets.js';
import { shownOnce } from '../shown-once.js';
import { dataTable, scrollBox } from '../views.js';

const ABILITIES = Object.keys(ABILITY_WORDS);

/** Why the calling token may not grant `ability`; null when it may. */
const cannotGrant = (me, ability) =>
  me.token.abilities.includes(ability)
    ? null
    : `This token lacks "${ability}", so it cannot grant it.`;
const COLUMNS = ['Name', 'Abilities', 'User', 'Created', 'Expires', 'Last used', 'State'];

/** The question before a revocation: for the console's own token, that it signs you out. */
function revokeQuestion(token, own) {
  return own
    ? `Revoke token "${token.name}"? It is the token this console signed in with: revoking it ` +
        'signs you out, here and wherever else it is used.'
    : `Revoke token "${token.name}"? Whatever uses it stops working.`;
}

function tokenShownOnce(created) {
  return shownOnce({
    id: 'new-token',
    secret: created.token,
    size: 60,
    regionLabel: 'New token',
    intro: [
      h('strong', {}, `Token "${created.name}" was created. `),
      'Copy it now: it is shown this once and never again.',
    ],
    label: 'The new token',
    copyText: 'Copy token',
  });
}

function createForm(me, users, onCreated) {
  const summary = errorSummary();
  const name = field('Token name', h('input', { type: 'text', name: 'name' }));
  // A new token starts as a sender's: what it needs to send, delete and sync, nothing more.
  const refusals = new Map();
  const boxes = ABILITIES.map((ability) => {
    const entry = checkbox(ability, {
      checked: SENDER_ABILITIES.includes(ability) && me.token.abilities.includes(ability),
      name: `ability-${ability}`,
    });
    const words = h(
      'p',
      { class: 'hint', id: `${entry.control.id}-words` },
      ABILITY_WORDS[ability],
    );
    entry.control.setAttribute('aria-describedby', `${words.id} ${entry.error.id}`);
    entry.wrap.append(words);
    const refused = sharedRefusal(cannotGrant(me, ability));
    if (refused) {
      refused.refuse(entry.control);
      entry.wrap.append(refused.note);
    }
    refusals.set(ability, refused);
    return [ability, entry];
  });
  const userOptions = users
    ? users.map((u) => [u.id, u.id === me.user.id ? `${u.email} (you)` : u.email])
    : [[me.user.id, `${me.user.email} (you)`]];
  const user = field('For user', select('userId', userOptions, me.user.id));
  const expires = field(
    'Expires at (optional)',
    h('input', { type: 'datetime-local', name: 'expiresAt' }),
  );
  const submit = h('button', { type: 'submit' }, 'Create token');
  const note = guard(submit, refusal(me, 'create', 'manage_settings'));
  const abilitiesSet = h(
    'fieldset',
    {},
    h('legend', {}, 'Abilities'),
    rolePresets({
      legend: 'Start from a role:',
      roles: TOKEN_ROLES,
      key: 'abilities',
      boxes,
      refused: (ability) => refusals.get(ability),
    }),
    boxes.map(([, e]) => e.wrap),
  );
  const abilitiesError = {
    control: abilitiesSet,
    error: h('p', { class: 'field-error', hidden: true }),
  };
  abilitiesSet.append(abilitiesError.error);
  const form = h(
    'form',
    { class: 'editor', novalidate: true, 'aria-label': 'Create a token' },
    h('h2', {}, 'Create a token'),
    summary,
    name.wrap,
    abilitiesSet,
    user.wrap,
    expires.wrap,
    h('div', { class: 'actions' }, submit, note),
  );
  const place = (key) =>
    ({ name, abilities: abilitiesError, userId: user, expiresAt: expires })[key.split('.')[0]] ??
    null;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    summary.hidden = true;
    for (const entry of [name, abilitiesError, user, expires]) setFieldError(entry, null);
    const body = {
      name: name.control.value,
      abilities: boxes.filter(([, e]) => e.control.checked).map(([ability]) => ability),
      userId: user.control.value,
    };
    if (expires.control.value) body.expiresAt = new Date(expires.control.value).toISOString();
    try {
      onCreated(await apiSend('POST', apiPaths.tokens(), body));
      name.control.value = '';
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      showFieldErrors(summary, error.message, error.fields, place);
      summary.focus();
    }
  });
  return form;
}

export async function renderTokens(container, _route, { signal, me }) {
  container.append(h('h1', {}, 'Tokens'));
  const cannotList = refusal(me, 'read', 'manage_settings');
  if (cannotList) {
    container.append(h('p', { class: 'not-allowed' }, `You cannot see the tokens. ${cannotList}`));
    return;
  }
  const [{ items: tokens }, { items: users }] = await Promise.all([
    apiGet(apiPaths.tokens(), { signal }),
    apiGet(apiPaths.users(), { signal }),
  ]);
  const emails = new Map(users.map((u) => [u.id, u.email]));
  const owners = new Map(users.map((u) => [u.id, u]));
  const created = h('div', { 'aria-live': 'polite' });
  const listArea = h('div');
  const renderList = (items) => {
    // What the calling token may not do to any token is said once, above the list.
    const cannotRevoke = sharedRefusal(refusal(me, 'delete', 'manage_settings'));
    const rows = items.map((token) => {
      let state;
      if (token.revokedAt) state = ['Revoked ', timeElement(token.revokedAt)];
      else {
        const revoke = h(
          'button',
          { type: 'button', class: 'secondary small', 'aria-label': `Revoke ${token.name}` },
          'Revoke',
        );
        const own = token.id === me.token.id;
        const owner = token.userId === me.user.id ? null : owners.get(token.userId);
        cannotRevoke?.refuse(revoke);
        const note = cannotRevoke
          ? null
          : guard(revoke, owner ? outranked(me, owner, 'revoke its tokens') : null);
        revoke.addEventListener('click', async () => {
          if (!window.confirm(revokeQuestion(token, own))) return;
          try {
            await apiSend('DELETE', apiPaths.token(token.id));
            // Its next call would be refused anyway: sign out now, as a 401 does.
            if (own) throw new ApiError(401, 'You revoked the token this console signed in with');
            await reload();
          } catch (error) {
            if (!(error instanceof ApiError) || error.status === 401) throw error;
            fill(created, h('p', { class: 'error', role: 'alert' }, error.message));
          }
        });
        state = ['Active ', revoke, note];
      }
      return [
        [
          token.name,
          token.id === me.token.id ? h('span', { class: 'muted' }, ' (this one)') : null,
        ],
        token.abilities.join(', '),
        emails.get(token.userId) ?? token.userId,
        timeElement(token.createdAt),
        timeElement(token.expiresAt),
        timeElement(token.lastUsedAt),
        state,
      ];
    });
    fill(
      listArea,
      cannotRevoke ? h('p', {}, cannotRevoke.note) : null,
      scrollBox(
        dataTable({
          caption: 'Tokens of the tenant (never their secrets)',
          columns: COLUMNS,
          rows,
          className: 'tokens',
        }),
      ),
    );
  };
  const reload = async () => renderList((await apiGet(apiPaths.tokens())).items);

  container.append(
    createForm(me, users, async (answer) => {
      fill(created, tokenShownOnce(answer));
      await reload();
      created.querySelector('input')?.focus();
    }),
    created,
    listArea,
  );
  renderList(tokens);
}
