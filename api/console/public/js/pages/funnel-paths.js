/**
 * The sample's paths as a tree (indented by depth, in the sample's order) with their JSON types,
 * and per path its mapping: a target (suggestions first, best first, then every target of the
 * content type), Optional, Lazy (the identifier only) and transforms.
 */
/* global structuredClone */
import { h } from '../dom.js';
import { transformsEditor } from './transforms-editor.js';

export const targetValue = (target) =>
  target ? ('system' in target ? `system:${target.system}` : `property:${target.property}`) : '';

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
  const mapping = { source: row.source, target: targetOf(row.target), optional: row.optional };
  if (row.target === 'system:identifier') mapping.lazy = row.lazy;
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

function checkboxCell(row, key, label) {
  const box = h('input', { type: 'checkbox', 'aria-label': `${label} for ${row.source}` });
  box.checked = row[key];
  box.addEventListener('change', () => {
    row[key] = box.checked;
  });
  return box;
}

/** The table; each row's error line is `row.error`, its target control `row.control`. */
export function pathsTable(rows, targets) {
  const body = h('tbody');
  for (const row of rows) {
    const depth = row.source.split('.').length - 1;
    const select = targetSelect(row, targets);
    const lazy = checkboxCell(row, 'lazy', 'Lazy');
    const syncLazy = () => {
      lazy.disabled = row.target !== 'system:identifier';
      lazy.title = lazy.disabled ? 'Lazy comparison is for the identifier only' : '';
    };
    select.addEventListener('change', () => {
      row.target = select.value;
      syncLazy();
    });
    syncLazy();
    row.control = select;
    row.error = h('p', { class: 'field-error', hidden: true });
    const pathCell = h('th', { scope: 'row', class: 'path' }, h('code', {}, row.source));
    pathCell.style.setProperty('--depth', String(depth));
    const isObject = row.type === 'object';
    if (isObject) select.disabled = true;
    body.append(
      h(
        'tr',
        { class: isObject ? 'object-path' : null },
        pathCell,
        h('td', { 'data-label': 'Type' }, row.type),
        h('td', { 'data-label': 'Target' }, select, row.error),
        h(
          'td',
          { 'data-label': 'Optional' },
          isObject ? null : checkboxCell(row, 'optional', 'Optional'),
        ),
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
    'table',
    { class: 'paths' },
    h('caption', {}, 'Paths of the sample and their mapping'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['Path', 'Type', 'Target', 'Optional', 'Lazy', 'Transforms'].map((c) =>
          h('th', { scope: 'col' }, c),
        ),
      ),
    ),
    body,
  );
}
