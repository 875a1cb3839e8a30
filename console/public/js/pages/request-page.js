/**
 * One request as the history keeps it: outcome, timings, errors by item and field, the identifiers
 * it imported, deleted or did not find, those lazy comparison wrote to (or deleted under) another
 * identifier than sent, and the payload as received. Each identifier links to the page of the item
 * the request acted on (for one matched lazily, the stored item, not the identifier as sent), and
 * the token is named.
 */
import { apiDownload, apiGet, apiPaths } from '../api-client.js';
import { h } from '../dom.js';
import { count, formatDuration, formatNumber, timeElement } from '../format.js';
import { resolvedItems } from '../resolved-list.js';
import { saveFile } from '../save-file.js';
import { links } from '../routes.js';
import { dataTable, loadingLine, scrollBox, statusBadge } from '../views.js';
import { lastHistoryView } from './history-view.js';
import { itemLink, storedAsIn } from './item-links.js';

/** A very large list is cut here: the page stays fast, the full list is in the JSON API. */
const IDS_SHOWN = 1000;

function facts(pairs) {
  return h(
    'dl',
    { class: 'facts' },
    pairs.map(([term, value]) => [h('dt', {}, term), h('dd', {}, value)]),
  );
}

function section(id, title, ...content) {
  return h('section', { 'aria-labelledby': id }, h('h2', { id }, title), content);
}

/** `named`: the identifiers the record names; other error keys are positions or `_request`. */
function errorsSection(errors, contentType, named) {
  const key = (item) => (named.has(item) ? itemLink(contentType, item) : h('code', {}, item));
  const rows = Object.entries(errors).flatMap(([item, fields]) =>
    Object.entries(fields).map(([field, message]) => [key(item), field, message]),
  );
  if (rows.length === 0)
    return section('errors-heading', 'Errors', h('p', { class: 'muted' }, 'No errors.'));
  const items = Object.keys(errors).length;
  return section(
    'errors-heading',
    'Errors',
    scrollBox(
      dataTable({
        caption: `${count(rows.length, 'error')} on ${count(items, 'item')} (item key: identifier, [position] or _request)`,
        columns: ['Item', 'Field', 'Message'],
        rows,
        className: 'errors',
      }),
    ),
  );
}

/** How many items of a POST failed: its error keys but `_request`, a failure of the whole. */
const failedItems = (record) =>
  record.method === 'POST'
    ? Object.keys(record.errors).filter((key) => key !== '_request').length
    : 0;

/**
 * "Download rejected rows (N)": the failed items as sent, with their errors, as NDJSON to fix and
 * send again. Offered while the body they are read from is there (kept whole, or whole in the
 * preview); a body pruned since gets the API's word for it. `funnel`: its endpoint URL now, which
 * may not be the one the request was sent to.
 */
function rejectedDownload(record, funnel) {
  const failed = failedItems(record);
  if (failed === 0 || (record.payloadTruncated && !record.storedPayload)) return null;
  const said = h('span', { role: 'status' });
  const button = h(
    'button',
    { type: 'button' },
    `Download rejected rows (${formatNumber(failed)})`,
  );
  button.addEventListener('click', async () => {
    button.disabled = true;
    said.replaceChildren();
    try {
      const path = apiPaths.rejected(funnel, record.recordId);
      const { blob, name } = await apiDownload(path, `${record.recordId}-rejected.ndjson`);
      saveFile(blob, name);
    } catch (error) {
      said.replaceChildren(h('span', { class: 'error', role: 'alert' }, error.message));
    } finally {
      button.disabled = false;
    }
  });
  return h('p', { class: 'actions' }, button, ' ', said);
}

/** `storedAs`: the identifier each item is stored under, which its link opens. */
function idList(id, title, ids, contentType, storedAs = (identifier) => identifier) {
  const shown = ids.slice(0, IDS_SHOWN);
  return h(
    'div',
    { class: 'ids' },
    h('h3', { id }, `${title} (${formatNumber(ids.length)})`),
    ids.length === 0
      ? h('p', { class: 'muted' }, 'None.')
      : h(
          'ul',
          { class: 'id-list', 'aria-labelledby': id },
          shown.map((value) => h('li', {}, itemLink(contentType, value, storedAs(value)))),
        ),
    ids.length > IDS_SHOWN
      ? h('p', { class: 'muted' }, `and ${formatNumber(ids.length - IDS_SHOWN)} more`)
      : null,
  );
}

/** Each item the request wrote to, or deleted under, another identifier than the one sent. */
function resolvedSection(record, contentType) {
  const { resolved } = record;
  const verb = record.method === 'DELETE' ? 'deleted' : 'written to';
  return h(
    'div',
    { class: 'ids' },
    h('h3', { id: 'resolved-ids' }, `Matched lazily (resolved) (${formatNumber(resolved.length)})`),
    resolved.length === 0
      ? h('p', { class: 'muted' }, 'None.')
      : resolvedItems(resolved, {
          verb,
          limit: IDS_SHOWN,
          stored: (identifier) => itemLink(contentType, identifier),
          'aria-labelledby': 'resolved-ids',
        }),
  );
}

/** The token by its name, with its id; a token deleted since has only its id. */
function tokenLine(record) {
  if (!record.tokenId) return '—';
  const id = h('code', {}, record.tokenId);
  if (!record.tokenName) return [id, h('span', { class: 'muted' }, ' (no longer exists)')];
  return [record.tokenName, ' (id ', id, ')'];
}

function payloadSection(record) {
  const text = record.payloadTruncated
    ? String(record.payload)
    : JSON.stringify(record.payload, null, 2);
  return section(
    'payload-heading',
    'Payload',
    record.payloadTruncated
      ? h(
          'p',
          { class: 'warning' },
          record.storedPayload
            ? `A preview of ${record.storedPayload.bytes} bytes, shown as received text (at most its first 16 KiB). Replay and preview use the whole payload, kept until ${record.storedPayload.expiresAt}.`
            : 'A preview: the first 16 KiB, shown as received text. The whole payload was not kept.',
        )
      : h('p', { class: 'muted' }, 'The whole payload.'),
    h(
      'pre',
      { class: 'payload', tabindex: 0, 'aria-label': 'Payload text' },
      h('code', {}, text ?? 'null'),
    ),
  );
}

export async function renderRequest(container, route, { signal }) {
  const { funnel, requestId } = route;
  const loading = loadingLine('Loading the request…');
  container.append(
    h(
      'p',
      { class: 'crumbs' },
      h('a', { href: lastHistoryView(funnel) }, `← History of ${funnel}`),
    ),
    h('h1', {}, 'Request ', h('code', {}, requestId)),
    loading,
  );
  const [record, details] = await Promise.all([
    apiGet(apiPaths.request(funnel, requestId), { signal }),
    // Without the funnel the identifiers are shown as text, not links.
    apiGet(apiPaths.funnel(funnel), { signal }).catch(() => null),
  ]);
  const contentType = details?.contentType ?? '';
  const storedAs = storedAsIn(record);
  loading.remove();
  container.append(
    h('p', { class: 'lead' }, statusBadge(record.status), ' ', record.message),
    facts(
      [
        ['Method', record.method],
        ['Sent to', h('code', {}, `/api/v1/funnels/${record.endpointUrl}`)],
        ['HTTP status', record.httpStatus ?? '—'],
        ['Items', formatNumber(record.itemCount)],
        ['Dry run', record.dryRun ? 'Yes' : 'No'],
        ['Token', tokenLine(record)],
        record.traceId ? ['Trace', h('code', {}, record.traceId)] : null,
        record.replayOf
          ? [
              'Replay of',
              h(
                'a',
                { href: links.request(funnel, record.replayOf) },
                h('code', {}, record.replayOf),
              ),
            ]
          : null,
      ].filter(Boolean),
    ),
    section(
      'timings-heading',
      'Timings',
      facts([
        ['Received', timeElement(record.receivedAt)],
        ['Finished', timeElement(record.finishedAt)],
        ['Duration', formatDuration(record.durationMs)],
      ]),
    ),
    errorsSection(record.errors, contentType, new Set(record.identifiers)),
    rejectedDownload(record, funnel) ?? '',
    section(
      'ids-heading',
      'Identifiers',
      h(
        'div',
        { class: 'id-groups' },
        idList('success-ids', 'Imported (successIds)', record.successIds, contentType, storedAs),
        idList('deleted-ids', 'Deleted (deletedIds)', record.deletedIds, contentType, storedAs),
        idList('not-found-ids', 'Not found (notFoundIds)', record.notFoundIds, contentType),
        resolvedSection(record, contentType),
      ),
    ),
    payloadSection(record),
  );
}
