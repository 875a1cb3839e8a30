/**
 * A funnel's request history, newest first: filters (kept in the address), a chart of the loaded
 * requests, and a table whose "Load more" follows the API's keyset cursor.
 */
/* global location */
import { apiGet, apiPaths, apiReplay, ApiError } from '../api-client.js';
import { confirmReplay } from '../confirm-replay.js';
import { guard, refusal } from '../capabilities.js';
import { requestsChart } from '../chart/requests-chart.js';
import { fill, h } from '../dom.js';
import { count, formatDuration, formatNumber, timeElement } from '../format.js';
import { links } from '../routes.js';
import { dataTable, errorBox, onLoadMore, scrollBox, statusBadge, tableRow } from '../views.js';
import { apiQuery, filterForm, matchesMethod } from './history-filters.js';
import { redriveFailedSince } from './history-redrive.js';
import { rememberHistoryView } from './history-view.js';
import { identifierSummary, itemLink, storedAsIn } from './item-links.js';

const PAGE_SIZE = 50;
const COLUMNS = [
  'Received',
  'Method',
  'Status',
  'HTTP',
  'Items',
  'Identifiers',
  'Duration',
  'Message',
  'Replay',
];

/** Why a record cannot be replayed by this caller; null when it can. */
function replayRefusal(entry, me) {
  if (entry.method !== 'POST') return 'Not replayable: only a POST is sent again.';
  if (entry.payloadTruncated && !entry.storedPayload)
    return 'Not replayable: its payload was not kept whole when it was recorded.';
  return refusal(me, 'create', 'manage_funnels');
}

/** A request of a full sync, or its commit: a link to the sync's requests and commit together. */
function syncMark(funnel, entry) {
  if (!entry.sync) return null;
  const what = entry.syncCommit ? 'sync commit' : 'in a sync';
  return [' ', h('a', { href: links.history(funnel, { sync: entry.sync }), class: 'muted' }, what)];
}

/** A request a re-drive sent: a link to every request of that re-drive. */
function redriveMark(funnel, entry) {
  if (!entry.redriveId) return null;
  const href = links.history(funnel, { redriveId: entry.redriveId });
  return [' ', h('a', { href, class: 'muted' }, 're-driven')];
}

/** A request sent before the funnel's endpoint URL changed names the URL it was sent to. */
function sentElsewhere(funnel, entry) {
  if (entry.endpointUrl === funnel) return null;
  return [' ', h('span', { class: 'muted' }, 'to ', h('code', {}, entry.endpointUrl))];
}

/** `contentType`: the funnel's, whose item pages the identifiers link to. */
function entryRow(funnel, contentType, entry, replayButton) {
  return tableRow(
    [
      h('a', { href: links.request(funnel, entry.recordId) }, timeElement(entry.receivedAt)),
      [
        entry.method,
        sentElsewhere(funnel, entry),
        syncMark(funnel, entry),
        redriveMark(funnel, entry),
      ],
      [statusBadge(entry.status), entry.dryRun ? h('span', { class: 'muted' }, ' dry run') : null],
      entry.httpStatus ?? '—',
      formatNumber(entry.itemCount),
      identifierSummary(contentType, entry.identifiers, entry.identifierCount, storedAsIn(entry)),
      formatDuration(entry.durationMs),
      h('span', { class: 'message' }, entry.message),
      replayButton(entry),
    ],
    COLUMNS,
  );
}

function funnelLine(funnel) {
  return [
    h('strong', {}, funnel.name),
    ' syncs into content type ',
    h('a', { href: links.items(funnel.contentType) }, h('code', {}, funnel.contentType)),
    funnel.active ? '.' : '; it is inactive.',
  ];
}

export async function renderHistory(container, route, { signal, me }) {
  const { funnel, filters, pageSize = PAGE_SIZE } = route;
  rememberHistoryView(funnel, filters);
  const lead = h('p', { class: 'lead' });
  const chart = h('div', { class: 'chart-holder' });
  const shown = h('p', { class: 'count', role: 'status' }, 'Loading…');
  // Requests the rate limit refused are counted, not recorded one by one.
  const rateLimited = h('p', { class: 'muted rate-limited', hidden: true });
  const table = dataTable({
    caption: 'Requests, newest first',
    columns: COLUMNS,
    className: 'history',
  });
  const more = h('button', { type: 'button', class: 'secondary', hidden: true }, 'Load more');
  const replayed = h('div', { class: 'replay-outcome', 'aria-live': 'polite' });

  /** Sends the record's payload again; the answer and a link to the new record are shown. */
  async function replay(entry, button) {
    button.disabled = true;
    fill(replayed, h('p', { class: 'loading', role: 'status' }, 'Replaying…'));
    try {
      const answer = await apiReplay(funnel, entry.recordId, { signal });
      fill(
        replayed,
        h(
          'p',
          { role: 'status', class: answer.httpStatus < 300 ? 'success' : 'error' },
          'Replayed the request of ',
          timeElement(entry.receivedAt),
          `: HTTP ${answer.httpStatus}, ${answer.envelope.message} `,
          answer.newRecordId
            ? h('a', { href: links.request(funnel, answer.newRecordId) }, 'Open the new record')
            : null,
        ),
      );
      await reloadRequests();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      fill(replayed, errorBox(`Replay refused: ${error.message}`));
    } finally {
      button.disabled = false;
    }
  }

  const replayButton = (entry) => {
    const button = h(
      'button',
      {
        type: 'button',
        class: 'secondary small',
        'aria-label': `Replay the request ${entry.recordId}`,
      },
      'Replay',
    );
    const note = guard(button, replayRefusal(entry, me));
    if (!note)
      button.addEventListener('click', () => {
        if (confirmReplay(entry.receivedAt)) void replay(entry, button);
      });
    return [button, note];
  };
  const moreError = h('div');
  const identifierLine = h('p', { class: 'muted' });
  container.append(
    h('p', { class: 'crumbs' }, h('a', { href: links.funnels() }, '← All funnels')),
    h('h1', {}, 'History of ', h('code', {}, funnel)),
    lead,
    h(
      'p',
      { class: 'actions' },
      h('a', { href: links.syncs(funnel) }, 'Full syncs of this funnel'),
    ),
    identifierLine,
    filterForm(filters, (chosen) => {
      location.hash = links.history(funnel, chosen);
    }),
    h(
      'section',
      { 'aria-labelledby': 'chart-heading' },
      h('h2', { id: 'chart-heading' }, 'Over time'),
      chart,
    ),
    h(
      'section',
      { 'aria-labelledby': 'redrive-heading' },
      h('h2', { id: 'redrive-heading' }, 'Re-drive failed requests'),
      redriveFailedSince(funnel, me, {
        signal,
        onEnded: () => reloadRequests().catch(() => undefined),
      }),
    ),
    h(
      'section',
      { 'aria-labelledby': 'requests-heading' },
      h('h2', { id: 'requests-heading' }, 'Requests'),
      shown,
      rateLimited,
      replayed,
      scrollBox(table),
      more,
      moreError,
    ),
  );
  if (filters.method) {
    shown.after(
      h(
        'p',
        { class: 'muted' },
        `Method ${filters.method} is matched in the browser, in each page the history API returns.`,
      ),
    );
  }

  const loaded = [];
  let cursor = null;
  let contentType = '';
  async function loadPage() {
    const page = await apiGet(apiPaths.history(funnel), {
      query: { ...apiQuery(filters), limit: pageSize, cursor },
      signal,
    });
    const entries = page.items.filter(matchesMethod(filters.method));
    loaded.push(...entries);
    table.tBodies[0].append(
      ...entries.map((entry) => entryRow(funnel, contentType, entry, replayButton)),
    );
    cursor = page.nextCursor;
    more.hidden = cursor === null;
    const refused = page.rateLimited?.lastDay ?? 0;
    rateLimited.hidden = refused === 0;
    rateLimited.textContent =
      `${count(refused, 'request')} to this funnel refused by the rate limit in the last 24 ` +
      'hours (429; counted, not listed here).';
    shown.textContent =
      loaded.length === 0 && cursor === null
        ? 'No requests match these filters.'
        : `Showing ${count(loaded.length, 'request')}${cursor ? '; there are more' : ''}.`;
    fill(chart, requestsChart(loaded));
  }
  onLoadMore(more, moreError, loadPage);

  /** From the first page again: a replay adds a request at the top. */
  async function reloadRequests() {
    loaded.length = 0;
    cursor = null;
    table.tBodies[0].replaceChildren();
    await loadPage();
  }

  try {
    // The funnel first: its content type is where the identifiers of each row link to.
    const details = await apiGet(apiPaths.funnel(funnel), { signal });
    contentType = details.contentType;
    fill(lead, funnelLine(details));
    if (filters.identifier) {
      fill(
        identifierLine,
        'Only the requests that named the item ',
        itemLink(contentType, filters.identifier),
        '.',
      );
    }
    await loadPage();
  } catch (error) {
    shown.textContent = '';
    throw error;
  }
}
