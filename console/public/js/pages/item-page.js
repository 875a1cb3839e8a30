/**
 * One item: where it is and how it got there. Its fields, version, and the funnel and request
 * that last wrote it; its recent changes in the change log (its versions, each update with the
 * fields it changed by their labels, before and after); then the recorded
 * requests that named it, newest first, each with what it did to the item. An item that is not
 * stored (never was, or was deleted) still shows both: the answer to "where did my item go?" within the history's retention.
 */
import { ApiError, apiGet } from '../api-client.js';
import { refusal } from '../capabilities.js';
import { h } from '../dom.js';
import { formatNumber, timeElement } from '../format.js';
import { links } from '../routes.js';
import { dataTable, loadingLine, scrollBox, statusBadge } from '../views.js';
import { itemPaths } from './items-api.js';

const REQUESTS_SHOWN = 20;
const CHANGES_SHOWN = 10;

/** What a request did to the item, in words. */
const OUTCOMES = {
  written: 'written',
  deleted: 'deleted',
  'not-found': 'not found (nothing to delete)',
  failed: 'refused (see its errors)',
  named: 'named, nothing done (dry run or not finished)',
};

function facts(pairs) {
  return h(
    'dl',
    { class: 'facts' },
    pairs.map(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]),
  );
}

function lastWriteFacts(item) {
  const { lastWrite } = item;
  const funnel = lastWrite.endpointUrl
    ? h(
        'a',
        { href: links.history(lastWrite.endpointUrl) },
        lastWrite.funnelName ?? lastWrite.endpointUrl,
        ' ',
        h('code', {}, lastWrite.endpointUrl),
      )
    : h('span', { class: 'muted' }, `a funnel that is gone (id ${lastWrite.funnelId})`);
  const request =
    lastWrite.recordId && lastWrite.endpointUrl
      ? h(
          'a',
          { href: links.request(lastWrite.endpointUrl, lastWrite.recordId) },
          h('code', {}, lastWrite.requestId ?? lastWrite.recordId),
        )
      : h('span', { class: 'muted' }, 'no longer in the history');
  return [
    ['Last written by', funnel],
    ['In the request', request],
    ['Received', timeElement(lastWrite.receivedAt)],
  ];
}

function propertiesTable(properties) {
  const entries = Object.entries(properties);
  if (entries.length === 0) return h('p', { class: 'muted' }, 'No properties.');
  return scrollBox(
    dataTable({
      caption: 'Properties',
      columns: ['Property', 'Value'],
      rows: entries.map(([key, value]) => [h('code', {}, key), JSON.stringify(value)]),
      className: 'properties',
    }),
  );
}

function itemSection(item) {
  return [
    facts([
      ['Name', item.name ?? '—'],
      ['Version', formatNumber(item.version)],
      ['Parent', item.parent ? h('code', {}, item.parent) : '—'],
      ['Image', item.image ?? '—'],
      ['Created', timeElement(item.createdAt)],
      ['Updated', timeElement(item.updatedAt)],
      ...lastWriteFacts(item),
    ]),
    propertiesTable(item.properties),
  ];
}

function requestsTable(requests) {
  const columns = ['Received', 'Funnel', 'Method', 'Status', 'What it did', 'Message'];
  return scrollBox(
    dataTable({
      caption: `The newest ${formatNumber(requests.length)} requests that named it`,
      columns,
      rows: requests.map((entry) => [
        h(
          'a',
          { href: links.request(entry.endpointUrl, entry.recordId) },
          timeElement(entry.receivedAt),
        ),
        h('code', {}, entry.endpointUrl),
        [entry.method, entry.syncCommit ? h('span', { class: 'muted' }, ' sync commit') : null],
        statusBadge(entry.status),
        h('span', { class: `outcome outcome-${entry.outcome}` }, OUTCOMES[entry.outcome]),
        h('span', { class: 'message' }, entry.message),
      ]),
      className: 'item-requests',
    }),
  );
}

/** A value as its change kept it: JSON, or the beginning of its JSON when it was cut. */
function keptValue(value, cut) {
  if (value === null) return h('span', { class: 'muted' }, 'none');
  if (!cut) return h('code', {}, JSON.stringify(value));
  return [h('code', {}, value), h('span', { class: 'muted' }, '… (cut)')];
}

/** What an update changed, field by field; a creation or deletion records none. */
function fieldChanges(diff) {
  if (!diff) return h('span', { class: 'muted' }, '—');
  return h(
    'ul',
    { class: 'field-changes' },
    diff.fields.map((change) =>
      h(
        'li',
        {},
        h('span', { class: 'field-label' }, change.label),
        ': ',
        keptValue(change.before, change.beforeCut),
        ' → ',
        keptValue(change.after, change.afterCut),
      ),
    ),
    diff.omitted > 0
      ? h('li', { class: 'muted' }, `and ${formatNumber(diff.omitted)} more, too many to keep`)
      : null,
  );
}

async function changesSection(route, { signal }) {
  const { contentType, identifier } = route;
  const { items } = await apiGet(itemPaths.itemChanges(contentType, identifier), {
    query: { limit: CHANGES_SHOWN },
    signal,
  });
  return h(
    'section',
    { 'aria-labelledby': 'item-changes-heading' },
    h('h2', { id: 'item-changes-heading' }, 'Recent changes'),
    items.length === 0
      ? h('p', { class: 'muted' }, 'No change of it is in the change log.')
      : scrollBox(
          dataTable({
            caption: `Its newest ${formatNumber(items.length)} changes in the change log`,
            columns: ['Number (seq)', 'Change', 'Version', 'Recorded', 'What changed'],
            rows: items.map((change) => [
              formatNumber(change.seq),
              change.event,
              formatNumber(change.version),
              timeElement(change.at),
              fieldChanges(change.diff),
            ]),
            className: 'item-changes',
          }),
        ),
  );
}

async function requestsSection(route, { signal, me }, item) {
  const { contentType, identifier } = route;
  const heading = h('h2', { id: 'item-requests-heading' }, 'Requests that named it');
  const section = h('section', { 'aria-labelledby': 'item-requests-heading' }, heading);
  const cannot = refusal(me, 'read', 'manage_funnels');
  if (cannot) {
    section.append(h('p', { class: 'not-allowed' }, `You cannot see the history. ${cannot}`));
    return section;
  }
  const { items } = await apiGet(itemPaths.itemRequests(contentType, identifier), {
    query: { limit: REQUESTS_SHOWN },
    signal,
  });
  if (items.length === 0) {
    section.append(
      h(
        'p',
        { class: 'muted' },
        'No request in the history names it: none of the funnels of this content type received ' +
          'it within the history’s retention.',
      ),
    );
    return section;
  }
  const funnel = item?.lastWrite.endpointUrl ?? items[0].endpointUrl;
  section.append(
    requestsTable(items),
    h(
      'p',
      {},
      h(
        'a',
        { href: links.history(funnel, { identifier }) },
        'Every request of ',
        h('code', {}, funnel),
        ' that named it',
      ),
    ),
  );
  return section;
}

export async function renderItem(container, route, options) {
  const { contentType, identifier } = route;
  const loading = loadingLine('Loading the item…');
  container.append(
    h(
      'p',
      { class: 'crumbs' },
      h('a', { href: links.items(contentType) }, '← Items of ', contentType),
    ),
    h('h1', {}, 'Item ', h('code', {}, identifier)),
    loading,
  );
  let item = null;
  try {
    item = await apiGet(itemPaths.item(contentType, identifier), { signal: options.signal });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  loading.remove();
  container.append(
    ...(item
      ? itemSection(item)
      : [
          h(
            'p',
            { class: 'warning', role: 'status' },
            `No item “${identifier}” is stored in ${contentType}: it was never written, or it was deleted. The requests below say which.`,
          ),
        ]),
    ...(await Promise.all([changesSection(route, options), requestsSection(route, options, item)])),
  );
}
