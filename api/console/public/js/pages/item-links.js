/** Identifiers shown as links to their item's page, where the content type is known. */
import { h } from '../dom.js';
import { formatNumber } from '../format.js';
import { links } from '../routes.js';

/** One identifier as code; a link to its item when `contentType` is given. */
export function itemLink(contentType, identifier) {
  const code = h('code', {}, identifier);
  return contentType ? h('a', { href: links.item(contentType, identifier) }, code) : code;
}

/** The first identifiers of a request and how many it named: "A-1, A-2 … (12)". */
export function identifierSummary(contentType, identifiers, total) {
  if (total === 0) return h('span', { class: 'muted' }, 'none');
  const shown = identifiers.flatMap((identifier, i) => [
    i > 0 ? ', ' : null,
    itemLink(contentType, identifier),
  ]);
  const rest = total - identifiers.length;
  return h(
    'span',
    { class: 'identifiers' },
    shown,
    rest > 0 ? h('span', { class: 'muted' }, ` and ${formatNumber(rest)} more`) : null,
  );
}
