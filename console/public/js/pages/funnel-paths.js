/**
 * The sample's paths as a tree (indented by depth, in the sample's order) with their JSON types,
 * and per path its mapping: a target (suggestions first, best first, then every target of the
 * content type), Optional, Lazy (the identifier only) and transforms.
 */
/* global Event, structuredClone */
import { fill, h } from '../dom.js';
import { offeredSuggestion, targetValue } from './funnel-suggestions.js';
import { transformsEditor } from './transforms-editor.js';

const IDENTIFIER = 'system:identifier';

function targetOf(value) {
  const [kind, key] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
  return kind === 'system' ? { system: key } : { property: key };
}

/**
 * One row per path of the sample, then one per mapped source the sample lacks, so that editing
 * never drops a mapping silently.
 */
export function pathRows(paths, mappings) {
  const bySource = new Map(mappings.map((mapping) => [mapping.source, mapping]));
  const row = (source, type, suggestions) => {
    const mapping = bySource.get(source);
    return {
      source,
      type,
      suggestions,
      target: targetValue(mapping?.target),
      optional: mapping?.optional ?? false,
      lazy: mapping?.lazy ?? false,
      transforms: structuredClone(mapping?.transforms ?? []),
    };
  };
  const known = new Set(paths.map((path) => path.path));
  return [
    ...paths.map((path) => row(path.path, path.type, path.suggestions)),
    ...mappings
      .filter((m) => !known.has(m.source))
      .map((m) => row(m.source, 'not in the sample', [])),
  ];
}

/** The mappings to save, in row order: the rows with a target. */
export function mappedRows(rows) {
  return rows.filter((row) => row.target);
}

export function mappingOf(row) {
  // The identifier is never optional: an item without one cannot be stored.
  const optional = row.target === IDENTIFIER ? false : row.optional;
  const mapping = { source: row.source, target: targetOf(row.target), optional };
  if (row.target === IDENTIFIER) mapping.lazy = row.lazy;
  if (row.transforms.length > 0) mapping.transforms = row.transforms;
  return mapping;
}

function targetSelect(row, targets) {
  const suggested = new Set(row.suggestions.map((s) => targetValue(s.target)));
  const control = h(
    'select',
    { 'aria-label': `Target for ${row.source}` },
    h('option', { value: '' }, 'Not mapped'),
    row.suggestions.length
      ? h(
          'optgroup',
          { label: 'Suggested, best first' },
          row.suggestions.map((s) =>
            h(
              'option',
              { value: targetValue(s.target) },
              `${s.label} (${Math.round(s.score * 100)}%)`,
            ),
          ),
        )
      : null,
    h(
      'optgroup',
      { label: 'All fields' },
      targets
        .filter((t) => !suggested.has(targetValue(t.target)))
        .map((t) =>
          h(
            'option',
            { value: targetValue(t.target) },
            `${t.label} (${t.type}${t.multiple ? ', multiple' : ''})`,
          ),
        ),
    ),
  );
  control.value = row.target;
  if (control.value !== row.target) {
    // A target the content type no longer has: kept visible, so the 422 on save names it.
    control.append(h('option', { value: row.target }, `${row.target} (unknown)`));
    control.value = row.target;
  }
  return control;
}

/** A path whose lines may break after each dot (`<wbr>`), its text unchanged. */
function breakableAfterDots(path) {
  return path.split('.').flatMap((segment, i) => (i === 0 ? [segment] : ['.', h('wbr'), segment]));
}

function checkboxCell(row, key, label) {
  const box = h('input', { type: 'checkbox', 'aria-label': `${label} for ${row.source}` });
  box.checked = row[key];
  box.addEventListener('change', () => {
    row[key] = box.checked;
  });
  return box;
}

/** What Lazy does, with what it matches and what it does not: shown under the table. */
export const LAZY_EXPLAINED =
  'Lazy (the identifier only): a sent identifier also finds a stored item whose identifier ' +
  'appears in it as whole segments between separators such as "-" or "/", case ignored. ' +
  'DE-12345 and 12345-DE find 12345; E-14 does not find E-1, nor SKU12345 find 12345.';

/** "Use Color (72%)" beside an unmapped row, or "applied" after a suggestion taken by itself. */
function suggestionCell(row, rows, select, onChange) {
  const cell = h('span', { class: 'suggestion' });
  const render = () => {
    if (row.applied && row.target) {
      fill(cell, h('span', { class: 'muted' }, 'Suggested, applied'));
      return;
    }
    const offer = offeredSuggestion(row, rows);
    if (!offer) return fill(cell);
    const use = h(
      'button',
      {
        type: 'button',
        class: 'secondary small',
        'aria-label': `Use ${offer.label} for ${row.source}`,
      },
      `Use ${offer.label} (${Math.round(offer.score * 100)}%)`,
    );
    use.addEventListener('click', () => {
      select.value = targetValue(offer.target);
      select.dispatchEvent(new Event('change'));
    });
    fill(cell, use);
  };
  render();
  onChange(render);
  return cell;
}

/**
 * The table; each row's error line is `row.error`, its target control `row.control`.
 * `samples(path)` gives values recent requests sent there (none for a new funnel).
 */
export function pathsTable(rows, targets, { samples = () => [] } = {}) {
  const body = h('tbody');
  const listeners = [];
  // The column is there once senders have sent something: a new funnel has nothing to show.
  const withSamples = rows.some((row) => samples(row.source).length > 0);
  const changed = () => listeners.forEach((listener) => listener());
  for (const row of rows) {
    const depth = row.source.split('.').length - 1;
    const select = targetSelect(row, targets);
    const lazy = checkboxCell(row, 'lazy', 'Lazy');
    const optional = checkboxCell(row, 'optional', 'Optional');
    const syncGuards = () => {
      const identifier = row.target === IDENTIFIER;
      lazy.disabled = !identifier;
      lazy.title = identifier ? '' : 'Lazy comparison is for the identifier only';
      optional.disabled = identifier;
      optional.title = identifier ? 'The identifier is always required' : '';
      if (identifier) optional.checked = false;
    };
    select.addEventListener('change', () => {
      row.target = select.value;
      row.applied = false;
      syncGuards();
      changed();
    });
    listeners.push(syncGuards);
    syncGuards();
    row.control = select;
    row.error = h('p', { class: 'field-error', hidden: true });
    const pathCell = h(
      'th',
      { scope: 'row', class: 'path', 'data-label': 'Path' },
      h('code', {}, breakableAfterDots(row.source)),
    );
    pathCell.style.setProperty('--depth', String(depth));
    const isObject = row.type === 'object';
    if (isObject) select.disabled = true;
    const seen = isObject ? [] : samples(row.source);
    body.append(
      h(
        'tr',
        { class: isObject ? 'object-path' : null },
        pathCell,
        h('td', { 'data-label': 'Type' }, row.type),
        withSamples
          ? h(
              'td',
              { 'data-label': 'Recently sent', class: 'sent-values' },
              seen.map((value) => h('code', {}, value)),
            )
          : null,
        h(
          'td',
          { 'data-label': 'Target' },
          select,
          isObject ? null : suggestionCell(row, rows, select, (l) => listeners.push(l)),
          row.error,
        ),
        h('td', { 'data-label': 'Optional' }, isObject ? null : optional),
        h('td', { 'data-label': 'Lazy' }, isObject ? null : lazy),
        h(
          'td',
          { 'data-label': 'Transforms' },
          isObject ? null : transformsEditor(row.transforms, row.source),
        ),
      ),
    );
  }
  return h(
    'div',
    { class: 'paths-box' },
    h(
      'div',
      { class: 'table-scroll' },
      h(
        'table',
        // stack: on a phone each path becomes a card, its cells under their column's name.
        { class: 'paths stack' },
        h('caption', {}, 'Paths of the sample and their mapping'),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            [
              'Path',
              'Type',
              withSamples && 'Recently sent',
              'Target',
              'Optional',
              'Lazy',
              'Transforms',
            ]
              .filter(Boolean)
              .map((c) => h('th', { scope: 'col' }, c)),
          ),
        ),
        body,
      ),
    ),
    h('p', { class: 'hint lazy-explained' }, LAZY_EXPLAINED),
  );
}
