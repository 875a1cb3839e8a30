/**
 * A user's invitation link: made by the API (`POST /settings/users/{id}/invitation`, at the
 * service's public address), shown this once with a copy button and its expiry in the viewer's
 * zone, named; kept nowhere.
 */
import { apiPaths, apiSend } from '../api-client.js';
import { h } from '../dom.js';
import { formatDateTime } from '../format.js';
import { shownOnce } from '../shown-once.js';

/** Makes a new link for `user`; a refusal is the API's ApiError. `heading`: said before it. */
export async function invitationFor(user, heading = null) {
  const made = await apiSend('POST', apiPaths.userInvitation(user.id), undefined);
  const who = user.email;
  return shownOnce({
    id: 'invitation-link',
    secret: made.link,
    size: 80,
    regionLabel: `Invitation link for ${who}`,
    intro: [
      heading ? h('strong', {}, `${heading} `) : null,
      `Send this link to ${who}: it sets their password and works once, until ` +
        `${formatDateTime(made.validUntil)}. `,
      'It is not shown again. A new link makes the earlier ones of this user stop working.',
    ],
    label: 'Invitation link',
    copyText: 'Copy link',
  });
}
