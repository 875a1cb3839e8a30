/**
 * What a sender does next, shown after a funnel is saved: the funnel's full address and a curl
 * line that posts the sample to it, ready to copy.
 */
/* global location, navigator */
import { h } from '../dom.js';

/** The funnel's address as senders call it, from the console's own origin. */
export const funnelAddress = (endpointUrl) =>
  `${location.origin}/api/v1/funnels/${encodeURIComponent(endpointUrl)}`;

/** A curl line; the token is left as $TOKEN, so no secret is ever put on the page. */
export function curlLine(endpointUrl, sample) {
  const body = JSON.stringify(sample ?? {}).replaceAll("'", "'\\''");
  return (
    `curl -X POST '${funnelAddress(endpointUrl)}' -H "Authorization: Bearer $TOKEN" ` +
    `-H 'Content-Type: application/json' -d '${body}'`
  );
}

export function firstRequestPanel(funnel) {
  const line = curlLine(funnel.endpointUrl, funnel.requestData);
  const copy = h('button', { type: 'button', class: 'secondary small' }, 'Copy the curl line');
  const copied = h('span', { class: 'muted', 'aria-live': 'polite' });
  copy.addEventListener('click', async () => {
    await navigator.clipboard?.writeText(line).catch(() => undefined);
    copied.textContent = 'Copied.';
  });
  return h(
    'section',
    { class: 'first-request', 'aria-labelledby': 'first-request-heading' },
    h('h2', { id: 'first-request-heading' }, 'Send your first request'),
    h(
      'p',
      {},
      'Senders POST items (one object or a list) to ',
      h('code', { class: 'funnel-address' }, funnelAddress(funnel.endpointUrl)),
      ' with a token that has the "create" ability. With the sample as the body:',
    ),
    h('pre', { class: 'code curl-line' }, line),
    h('p', { class: 'actions' }, copy, copied),
    h(
      'p',
      { class: 'hint' },
      'The answer says what was imported and why any item failed; every request is kept in ',
      "the funnel's history.",
    ),
  );
}
