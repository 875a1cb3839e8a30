/**
 * What the signed-in token may do, from `GET /settings/me`, so that a page disables what would
 * be refused and says why, rather than failing on click. The API still decides every call.
 */
import { apiGet, apiPaths } from './api-client.js';
import { h } from './dom.js';

let known = null;

/** The caller, asked once per token (a new sign-in asks again). */
export async function whoAmI(token, { signal } = {}) {
  if (known?.token === token) return known.me;
  const me = await apiGet(apiPaths.me(), { signal, token });
  known = { token, me };
  return me;
}

export function forgetWhoAmI() {
  known = null;
}

/** Why the caller may not do what needs `ability` and `permission`; null when it may. */
export function refusal(me, ability, permission) {
  const reasons = [];
  if (!me.token.abilities.includes(ability))
    reasons.push(`this token lacks the "${ability}" ability`);
  if (permission && !me.user.permissions.includes(permission))
    reasons.push(`your user lacks the "${permission}" permission`);
  return reasons.length === 0 ? null : `Not allowed: ${reasons.join(' and ')}.`;
}

let noteCount = 0;

/**
 * The note of one reason that disables several controls (the actions of a row): shown once, and
 * read out with each control it disables (`refuse`). Null when there is no reason.
 */
export function sharedRefusal(reason) {
  if (!reason) return null;
  noteCount += 1;
  const id = `not-allowed-${noteCount}`;
  return {
    note: h('span', { class: 'not-allowed', id }, reason),
    refuse(control) {
      control.disabled = true;
      control.setAttribute('aria-describedby', id);
    },
  };
}

/**
 * Disables `control` when `reason` is given, with the reason beside it (read out with it).
 * Returns what to put after the control: the note, or null.
 */
export function guard(control, reason) {
  const shared = sharedRefusal(reason);
  shared?.refuse(control);
  return shared?.note ?? null;
}
