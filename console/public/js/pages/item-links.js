/** Identifiers shown as links to their item's page, where the content type is known. */
import { h } from '../dom.js';
import { formatNumber } from '../format.js';
import { links } from '../routes.js';

/**
 * How a record's identifiers, as sent, map to the items its request acted on: lazy comparison
 * may have written (or deleted) `E-1` for a sent `x/E-1`, and `x/E-1` names no item.
 */
export function storedAsIn(record) {
  const stored = new Map((record.resolved ?? []).map(({ sent, writtenTo }) => [sent, writtenTo]));
  return (identifier) => stored.get(identifier) ?? identifier;
}

/**
 * One identifier as code; a link to its item when `contentType` is given. `storedAs` is the
 * identifier the item is stored under, when lazy comparison matched it to another one.
 */
export function itemLink(contentType, identifier, storedAs = identifier) {
  const code = h('code', {}, identifier);
  if (!contentType) return code;
  const note = storedAs === identifier ? {} : { title: `Matched lazily: the item ${storedAs}` };
  return h('a', { href: links.item(contentType, storedAs), ...note }, code);
}

/** The first identifiers of a request and how many it named: "A-1, A-2 … (12)". */
export function identifierSummary(contentType, identifiers, total, storedAs = (id) => id) {
  if (total === 0) return h('span', { class: 'muted' }, 'none');
  const shown = identifiers.flatMap((identifier, i) => [
    i > 0 ? ', ' : null,
    itemLink(contentType, identifier, storedAs(identifier)),
  ]);
  const rest = total - identifiers.length;
  return h(
    'span',
    { class: 'identifiers' },
    shown,
    rest > 0 ? h('span', { class: 'muted' }, ` and ${formatNumber(rest)} more`) : null,
  );
}
