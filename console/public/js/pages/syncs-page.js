/**
 * A funnel's full syncs, newest started first, 20 at a time: how many are open, expired,
 * committing and committed, and per sync what its requests named and what its commit did. An
 * open sync can be tried (a dry run: what its commit would delete) and committed, with a limit.
 * The state filter is kept in the address. Needs `read` and manage_funnels.
 */
/* global location */
import { apiGet, apiPaths } from '../api-client.js';
import { h } from '../dom.js';
import { count, formatNumber, timeElement } from '../format.js';
import { links } from '../routes.js';
import { dataTable, onLoadMore, scrollBox, tableRow } from '../views.js';
import { itemPaths } from './items-api.js';
import { commitPanel } from './sync-commit-panel.js';

const STATES = ['open', 'expired', 'committing', 'committed'];
const COLUMNS = ['Sync', 'State', 'Started', 'Expires', 'Requests', 'Identifiers named', 'Commit'];
const PAGE_SIZE = 20;

function countsLine(counts) {
  return STATES.map((state) => `${formatNumber(counts[state])} ${state}`).join(', ');
}

function stateFilter(funnel, selected) {
  const select = h(
    'select',
    { id: 'sync-state', name: 'state' },
    h('option', { value: '' }, 'Any'),
    STATES.map((state) => h('option', { value: state, selected: state === selected }, state)),
  );
  select.addEventListener('change', () => {
    location.hash = links.syncs(funnel, select.value);
  });
  return h('div', { class: 'filters field' }, h('label', { for: 'sync-state' }, 'State'), select);
}

/** The latest commit: refused with the API's reason, still counting, or what it deleted. */
function commitCell(funnel, commit) {
  if (!commit) return h('span', { class: 'muted' }, 'not asked for');
  const when = h(
    'a',
    { href: links.request(funnel, commit.requestId) },
    timeElement(commit.receivedAt),
  );
  if (commit.httpStatus !== null && commit.httpStatus >= 400) {
    return [
      when,
      ': ',
      h('span', { class: 'reason' }, `refused (HTTP ${commit.httpStatus})`),
      commit.message ? h('span', { class: 'message' }, `: ${commit.message}`) : null,
    ];
  }
  const progress =
    commit.toDelete === null
      ? 'counting'
      : `${formatNumber(commit.deleted)} of ${formatNumber(commit.toDelete)} deleted`;
  return [
    when,
    `: ${progress}`,
    commit.httpStatus ? ` (HTTP ${commit.httpStatus})` : '',
    commit.message ? h('span', { class: 'message' }, ` ${commit.message}`) : null,
  ];
}

function syncRow(funnel, sync) {
  return tableRow(
    [
      h('a', { href: links.history(funnel, { sync: sync.syncId }) }, h('code', {}, sync.syncId)),
      h('span', { class: `sync-state sync-${sync.state}` }, sync.state),
      timeElement(sync.startedAt),
      timeElement(sync.expiresAt),
      formatNumber(sync.requests),
      formatNumber(sync.namedIdentifiers),
      commitCell(funnel, sync.commit),
    ],
    COLUMNS,
  );
}

export async function renderSyncs(container, route, { signal, me }) {
  const { funnel, state } = route;
  const counts = h('p', { class: 'count', role: 'status' }, 'Loading…');
  const table = dataTable({ caption: 'Syncs, newest first', columns: COLUMNS, className: 'syncs' });
  const commits = h('div', { class: 'sync-commits' });
  const more = h('button', { type: 'button', class: 'secondary', hidden: true }, 'Load more');
  const moreError = h('div');
  container.append(
    h('p', { class: 'crumbs' }, h('a', { href: links.history(funnel) }, `← History of ${funnel}`)),
    h('h1', {}, 'Full syncs of ', h('code', {}, funnel)),
    stateFilter(funnel, state),
    counts,
    scrollBox(table),
    more,
    moreError,
    h(
      'section',
      { 'aria-labelledby': 'commit-heading' },
      h('h2', { id: 'commit-heading' }, 'Commit an open sync'),
      commits,
    ),
  );
  const details = await apiGet(apiPaths.funnel(funnel), { signal });

  let cursor = null;
  let open = 0;
  async function loadPage() {
    const page = await apiGet(itemPaths.syncs(funnel), {
      query: { state, limit: PAGE_SIZE, cursor },
      signal,
    });
    counts.textContent = `${count(
      Object.values(page.counts).reduce((a, b) => a + b, 0),
      'sync',
    )}: ${countsLine(page.counts)}.`;
    table.tBodies[0].append(...page.items.map((sync) => syncRow(funnel, sync)));
    for (const sync of page.items.filter((listed) => listed.state === 'open')) {
      if (open === 0) commits.replaceChildren();
      open += 1;
      commits.append(
        h(
          'div',
          { class: 'sync-commit' },
          h('h3', {}, 'Sync ', h('code', {}, sync.syncId)),
          commitPanel({
            funnel,
            contentType: details.contentType,
            sync,
            me,
            signal,
            onDone: reload,
          }),
        ),
      );
    }
    if (open === 0) commits.replaceChildren(h('p', { class: 'muted' }, 'No open sync listed.'));
    cursor = page.nextCursor;
    more.hidden = cursor === null;
  }
  async function reload() {
    cursor = null;
    open = 0;
    table.tBodies[0].replaceChildren();
    commits.replaceChildren();
    await loadPage();
  }
  onLoadMore(more, moreError, loadPage);
  await loadPage();
}
