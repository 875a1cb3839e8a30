/**
 * The items lazy comparison wrote to (or deleted under) another identifier than the one sent
 * (a record's or a preview's `resolved`): "sent E-19, written to E-1", identifiers as text.
 */
import { h } from './dom.js';
import { formatNumber } from './format.js';

const asCode = (identifier) => h('code', {}, identifier);

/**
 * `verb`: what the request did to the stored item ("written to", "deleted"); `stored`: how the
 * stored identifier is shown (a link to its item, say), as code by default.
 */
export function resolvedItems(
  resolved,
  { verb = 'written to', limit = Infinity, stored = asCode, ...attributes },
) {
  const shown = resolved.slice(0, limit);
  return [
    h(
      'ul',
      { class: 'resolved-list', ...attributes },
      shown.map(({ sent, writtenTo }) =>
        h('li', {}, 'sent ', h('code', {}, sent), `, ${verb} `, stored(writtenTo)),
      ),
    ),
    resolved.length > shown.length
      ? h('p', { class: 'muted' }, `and ${formatNumber(resolved.length - shown.length)} more`)
      : null,
  ];
}
