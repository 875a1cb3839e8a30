/**
 * The history page's filters. Status, dry runs, the date range, the full sync and the item
 * identifier are the history API's own (`status`, `dryRun`, `from` inclusive, `to` exclusive,
 * `sync`: a sync's requests and its commit, `redriveId`: the requests a re-drive sent,
 * `identifier`: the requests that named an item); the
 * API has no method filter, so the method is matched here, in the entries each page brings.
 */
/* global FormData */
import { h } from '../dom.js';

const STATUSES = ['success', 'partial', 'error', 'queued', 'processing'];
const METHODS = ['POST', 'DELETE'];
const DRY_RUNS = [
  ['false', 'Real requests only'],
  ['true', 'Dry runs only'],
];

/** A datetime-local value (the browser's zone) as the ISO 8601 instant the API takes. */
function instant(local) {
  const date = new Date(local);
  return local && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
}

/** The history API's query for the filters. */
export function apiQuery(filters) {
  return {
    status: filters.status || undefined,
    dryRun: filters.dryRun || undefined,
    from: instant(filters.from),
    to: instant(filters.to),
    sync: filters.sync || undefined,
    redriveId: filters.redriveId || undefined,
    identifier: filters.identifier || undefined,
  };
}

export function matchesMethod(method) {
  return (entry) => !method || entry.method === method;
}

/** A labelled control of the form; its name is its id without the prefix. */
function field(id, label, control) {
  return h('div', { class: 'field' }, h('label', { for: id }, label), control);
}

const nameOf = (id) => id.replace('filter-', '');

/** A select of `values`, each a value or `[value, text]`, after "Any". */
function choice(id, label, values, selected) {
  const options = values.map((value) => (Array.isArray(value) ? value : [value, value]));
  return field(
    id,
    label,
    h(
      'select',
      { id, name: nameOf(id) },
      h('option', { value: '' }, 'Any'),
      options.map(([value, text]) => h('option', { value, selected: value === selected }, text)),
    ),
  );
}

function moment(id, label, value) {
  return field(
    id,
    label,
    h('input', { id, name: nameOf(id), type: 'datetime-local', step: 1, value }),
  );
}

function text(id, label, value) {
  return field(id, label, h('input', { id, name: nameOf(id), type: 'text', value: value ?? '' }));
}

/** The form; `onApply(filters)` gets the chosen filters when it is submitted or cleared. */
export function filterForm(filters, onApply) {
  const form = h(
    'form',
    { class: 'filters', role: 'search', 'aria-label': 'Filter the history' },
    h(
      'fieldset',
      {},
      h('legend', {}, 'Filters'),
      choice('filter-status', 'Status', STATUSES, filters.status),
      choice('filter-dryRun', 'Dry runs', DRY_RUNS, filters.dryRun),
      choice('filter-method', 'Method', METHODS, filters.method),
      moment('filter-from', 'Received from', filters.from),
      moment('filter-to', 'Received before', filters.to),
      text('filter-sync', 'Full sync id', filters.sync),
      text('filter-redriveId', 'Re-drive id', filters.redriveId),
      text('filter-identifier', 'Item identifier', filters.identifier),
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'submit' }, 'Apply filters'),
        h('button', { type: 'reset', class: 'secondary' }, 'Clear'),
      ),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    onApply(
      Object.fromEntries(
        ['status', 'dryRun', 'method', 'from', 'to', 'sync', 'redriveId', 'identifier'].map(
          (name) => [name, String(data.get(name) ?? '')],
        ),
      ),
    );
  });
  form.addEventListener('reset', (event) => {
    event.preventDefault();
    onApply({});
  });
  return form;
}
