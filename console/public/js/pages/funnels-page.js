/**
 * The tenant's funnels, each with its last request and its error rate over its last requests
 * (dry runs left out: they write nothing, so they fail nothing).
 * The list comes first; each funnel's activity is one history request (the newest RECENT
 * entries), made in parallel and filled into its row as it arrives.
 */
import { apiGet, apiPaths, ApiError } from '../api-client.js';
import { recentActivity } from '../activity.js';
import { fill, h } from '../dom.js';
import { flashLine } from '../flash.js';
import { guard, refusal } from '../capabilities.js';
import { count, formatPercent, timeElement } from '../format.js';
import { links } from '../routes.js';
import { dataTable, loadingLine, scrollBox, statusBadge } from '../views.js';

const RECENT = 50;
const COLUMNS = ['Funnel', 'Content type', 'State', 'Last request', 'Error rate'];

function lastRequestCell(funnel, last) {
  if (!last) return h('span', { class: 'muted' }, 'No requests yet');
  return [
    statusBadge(last.status),
    ' ',
    h(
      'a',
      { href: links.request(funnel.endpointUrl, last.recordId) },
      timeElement(last.receivedAt),
    ),
    ' ',
    h('span', { class: 'muted' }, last.method),
  ];
}

function errorRateCell({ finished, failed }) {
  if (finished === 0) return h('span', { class: 'muted' }, '—');
  return [
    h('strong', { class: failed > 0 ? 'rate rate-bad' : 'rate' }, formatPercent(failed, finished)),
    ' ',
    h('span', { class: 'muted' }, `${failed} of ${count(finished, 'request')}`),
  ];
}

/** Fills one funnel's cells; a failure there is shown in the row, except a lost sign-in. */
async function fillActivity(funnel, cells, signal) {
  try {
    const page = await apiGet(apiPaths.history(funnel.endpointUrl), {
      query: { limit: RECENT },
      signal,
    });
    const activity = recentActivity(page.items);
    fill(cells.last, lastRequestCell(funnel, activity.last));
    fill(cells.rate, errorRateCell(activity));
  } catch (error) {
    const signedOut = error instanceof ApiError && error.status === 401;
    if (error.name === 'AbortError' || signedOut) throw error;
    fill(cells.last, h('span', { class: 'error-inline' }, `Could not load: ${error.message}`));
    fill(cells.rate, '—');
  }
}

/** "New funnel", or why the caller may not make one. */
function newFunnelAction(me) {
  const reason = refusal(me, 'create', 'manage_funnels');
  if (!reason)
    return h(
      'p',
      { class: 'actions' },
      h('a', { href: links.newFunnel(), class: 'button' }, 'New funnel'),
    );
  const button = h('button', { type: 'button' }, 'New funnel');
  return h('p', { class: 'actions' }, button, guard(button, reason));
}

/** The empty state: a funnel needs a content type, so with none that comes first. */
async function noFunnelsYet(me, signal) {
  const mayList = !refusal(me, 'read', 'manage_settings');
  const types = mayList
    ? await apiGet(apiPaths.contentTypes(), { signal }).catch(() => null)
    : null;
  if (types?.items.length === 0)
    return h(
      'p',
      {},
      'This tenant has no funnels yet. A funnel writes items of one content type, and there is ' +
        'none yet: ',
      h('a', { href: links.newContentType() }, 'create a content type first'),
      ', then a funnel that feeds it.',
    );
  return h(
    'p',
    {},
    'This tenant has no funnels yet. Create one with New funnel, or with POST ' +
      '/api/v1/settings/funnels (see the ',
    h('a', { href: '../api/v1/docs' }, 'API docs'),
    ').',
  );
}

export async function renderFunnels(container, _route, { signal, me }) {
  const cannotRead = refusal(me, 'read', 'manage_funnels');
  if (cannotRead) {
    container.append(
      h('h1', {}, 'Funnels'),
      h('p', { class: 'not-allowed' }, `You cannot see the funnels. ${cannotRead}`),
    );
    return;
  }
  const loading = loadingLine('Loading funnels…');
  container.append(h('h1', {}, 'Funnels'), flashLine() ?? '', newFunnelAction(me), loading);
  const { items: funnels } = await apiGet(apiPaths.funnels(), { signal });
  loading.remove();
  if (funnels.length === 0) {
    container.append(await noFunnelsYet(me, signal));
    return;
  }

  const rows = funnels.map((funnel) => {
    const [name, contentType, state, last, rate] = COLUMNS;
    const cells = {
      last: h('td', { 'data-label': last }, 'Loading…'),
      rate: h('td', { 'data-label': rate }, 'Loading…'),
    };
    const row = h(
      'tr',
      {},
      h(
        'th',
        { scope: 'row', 'data-label': name },
        h('a', { href: links.history(funnel.endpointUrl) }, funnel.name),
        h('br'),
        h('code', {}, funnel.endpointUrl),
        ' ',
        h(
          'a',
          {
            href: links.editFunnel(funnel.endpointUrl),
            class: 'edit-link',
            'aria-label': `Edit ${funnel.name}`,
          },
          'Edit',
        ),
      ),
      h('td', { 'data-label': contentType }, h('code', {}, funnel.contentType)),
      h(
        'td',
        { 'data-label': state },
        funnel.active ? 'Active' : h('span', { class: 'muted' }, 'Inactive'),
      ),
      cells.last,
      cells.rate,
    );
    return { funnel, cells, row };
  });
  const table = dataTable({
    caption:
      `${count(funnels.length, 'funnel')}; the error rate is over each one's last ${RECENT} ` +
      'requests, dry runs left out',
    columns: COLUMNS,
    className: 'funnels',
  });
  table.tBodies[0].append(...rows.map(({ row }) => row));
  container.append(scrollBox(table));
  await Promise.all(rows.map(({ funnel, cells }) => fillActivity(funnel, cells, signal)));
}
