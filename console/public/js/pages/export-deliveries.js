/**
 * An export's delivery log, newest first, filtered by status (kept in the address): each delivery
 * with the items it carries and its body while it waits, every attempt (time, HTTP status,
 * duration, the answer's first KiB, error), and a retry of one that waits. "Load more" follows
 * the API's cursor; `reload` starts again from the newest.
 */
/* global location */
import { apiGet, apiPaths, apiSend, ApiError } from '../api-client.js';
import { guard, refusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { count, formatDuration, formatNumber, timeElement } from '../format.js';
import { field, select } from '../forms.js';
import { links } from '../routes.js';
import { dataTable, errorBox, scrollBox, tableRow } from '../views.js';
import { retryFailedSince } from './export-retry-failed.js';

const PAGE_SIZE = 20;
const STATUSES = ['pending', 'failed', 'succeeded'];
const COLUMNS = ['Delivery', 'Status', 'Items', 'Created', 'Next attempt', 'Attempts', 'Retry'];
const LISTED = 10;

function attemptItem(attempt) {
  return h(
    'li',
    {},
    timeElement(attempt.at),
    ' · ',
    attempt.status === null ? 'no answer' : `HTTP ${attempt.status}`,
    ' · ',
    formatDuration(attempt.durationMs),
    attempt.retryAfterSeconds === null ? null : ` · Retry-After ${attempt.retryAfterSeconds} s`,
    attempt.error ? h('div', { class: 'error-inline' }, `Error: ${attempt.error}`) : null,
    attempt.response
      ? h(
          'div',
          {},
          h('span', { class: 'muted' }, 'Answer (first KiB):'),
          h('pre', { class: 'answer' }, attempt.response),
        )
      : null,
  );
}

function attemptsCell(delivery) {
  if (delivery.attempts.length === 0) return h('span', { class: 'muted' }, 'none yet');
  const newestFirst = [...delivery.attempts].reverse();
  const dropped = delivery.attemptCount - delivery.attempts.length;
  return [
    h('ol', { class: 'attempts', reversed: true }, newestFirst.map(attemptItem)),
    dropped > 0
      ? h('p', { class: 'muted' }, `${formatNumber(dropped)} older attempts not kept`)
      : null,
  ];
}

/** "changes 12 to 15 of the change log": where a sent delivery's changes are still read. */
function inChangeLog({ firstSeq, lastSeq }) {
  if (firstSeq === null) return null;
  return firstSeq === lastSeq
    ? `change ${firstSeq} of the change log`
    : `changes ${firstSeq} to ${lastSeq} of the change log`;
}

/** The items a delivery carries ("updated A-1"), and its body as sent, while it keeps them. */
function itemsCell(delivery) {
  const total = count(delivery.changeCount, 'change');
  if (delivery.changes.length === 0)
    return [total, h('br'), h('span', { class: 'muted' }, 'sent: ', inChangeLog(delivery))];
  const listed = delivery.changes.slice(0, LISTED);
  const rest = delivery.changes.length - listed.length;
  return [
    total,
    h(
      'ul',
      { class: 'delivered-items' },
      listed.map((change) => h('li', {}, `${change.event} `, h('code', {}, change.identifier))),
      rest > 0 ? h('li', { class: 'muted' }, `and ${formatNumber(rest)} more`) : null,
    ),
    h(
      'details',
      {},
      h('summary', {}, 'Body'),
      h('pre', { class: 'answer' }, JSON.stringify(delivery.changes, null, 2)),
    ),
  ];
}

/**
 * Deliveries are sent in order within a group of items, so that an item's changes arrive in the
 * order they were made: "delivery 2 of group 1" waits for delivery 1 of that group.
 */
function deliveryName(delivery) {
  return `Delivery ${delivery.number} of group ${delivery.lane}`;
}

function retryRefusal(delivery, exp, me) {
  if (delivery.status === 'succeeded')
    return 'Succeeded already: replay its changes to send them again.';
  if (exp.state !== 'active') return `The export is ${exp.state}: resume it to send.`;
  return refusal(me, 'create', 'manage_settings');
}

export function deliveryLog(exp, status, { signal, me, onRefresh }) {
  const said = h('div', { 'aria-live': 'polite' });
  const filter = field(
    'Show deliveries',
    select('status', [['', 'all'], ...STATUSES.map((s) => [s, s])], status),
  );
  filter.control.addEventListener('change', () => {
    location.hash = links.exportPage(exp.id, filter.control.value);
  });
  const table = dataTable({
    caption: status ? `Deliveries: ${status}, newest first` : 'Deliveries, newest first',
    columns: COLUMNS,
    className: 'deliveries',
  });
  const body = table.querySelector('tbody');
  const empty = h(
    'p',
    { hidden: true },
    status ? `No ${status} deliveries.` : 'No deliveries yet.',
  );
  const more = h('button', { type: 'button', class: 'secondary', hidden: true }, 'Load more');
  let cursor = null;

  async function retry(delivery, button) {
    button.disabled = true;
    try {
      await apiSend('POST', apiPaths.retryDelivery(exp.id, delivery.id), undefined, { signal });
      fill(
        said,
        h(
          'p',
          { role: 'status', class: 'success' },
          `${deliveryName(delivery)} is queued to send now; its answer shows here once it comes.`,
        ),
      );
      await onRefresh?.();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      fill(said, errorBox(`Retry refused: ${error.message}`));
      button.disabled = false;
    }
  }

  function row(delivery) {
    const button = h(
      'button',
      {
        type: 'button',
        class: 'secondary small',
        'aria-label': `Retry ${deliveryName(delivery).toLowerCase()}`,
      },
      'Retry',
    );
    const note = guard(button, retryRefusal(delivery, exp, me));
    button.addEventListener('click', () => void retry(delivery, button));
    return tableRow(
      [
        [
          deliveryName(delivery),
          delivery.origin === 'log'
            ? null
            : h('span', { class: 'muted' }, ` (sent again by a ${delivery.origin})`),
          h('br'),
          h('code', { class: 'muted', title: 'Its webhook-id' }, delivery.id),
        ],
        h('span', { class: `status delivery-${delivery.status}` }, delivery.status),
        itemsCell(delivery),
        timeElement(delivery.createdAt),
        timeElement(delivery.nextAttemptAt),
        attemptsCell(delivery),
        [button, note],
      ],
      COLUMNS,
    );
  }

  async function load() {
    more.disabled = true;
    const page = await apiGet(apiPaths.deliveries(exp.id), {
      query: { status, limit: PAGE_SIZE, cursor },
      signal,
    });
    body.append(...page.items.map(row));
    cursor = page.nextCursor;
    more.hidden = cursor === null;
    more.disabled = false;
    empty.hidden = body.children.length > 0;
    table.hidden = body.children.length === 0;
  }
  more.addEventListener('click', () => void load());
  /** The newest page again, in place of every page loaded. */
  async function reload() {
    cursor = null;
    const page = await apiGet(apiPaths.deliveries(exp.id), {
      query: { status, limit: PAGE_SIZE },
      signal,
    });
    body.replaceChildren(...page.items.map(row));
    cursor = page.nextCursor;
    more.hidden = cursor === null;
    empty.hidden = body.children.length > 0;
    table.hidden = body.children.length === 0;
  }
  const refresh = h('button', { type: 'button', class: 'secondary' }, 'Refresh');
  refresh.addEventListener('click', async () => {
    refresh.disabled = true;
    try {
      fill(said);
      await Promise.all([reload(), onRefresh?.()]);
    } finally {
      refresh.disabled = false;
    }
  });

  const section = h(
    'section',
    { 'aria-labelledby': 'delivery-log' },
    h('h2', { id: 'delivery-log' }, 'Delivery log'),
    h(
      'p',
      { class: 'hint' },
      'Deliveries are sent in order within a group of items, so that each item’s changes ' +
        'arrive in the order they were made. While some wait, this log follows them by itself.',
    ),
    h('div', { class: 'filters actions' }, filter.wrap, refresh),
    retryFailedSince(exp, me, {
      signal,
      onRetried: async () => {
        await Promise.all([reload(), onRefresh?.()]);
      },
    }),
    said,
    scrollBox(table),
    empty,
    more,
  );
  return { section, load, reload };
}
