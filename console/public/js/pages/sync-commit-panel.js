/**
 * The commit of one open full sync, from the syncs page: a limit (at most so many deletes, or so
 * many percent of the items the funnel wrote), a dry run that says what the commit would delete
 * (its first page of identifiers), then the commit itself after a confirmation. The API decides:
 * over the limit it refuses (422) and deletes nothing, and its message is shown.
 */
/* global window */
import { ApiError, apiSend } from '../api-client.js';
import { guard, refusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { count, formatNumber } from '../format.js';
import { links } from '../routes.js';
import { errorBox } from '../views.js';
import { itemPaths } from './items-api.js';
import { itemLink } from './item-links.js';

/** Identifiers of the dry run shown; the API pages the rest. */
const PREVIEW_SIZE = 100;

function limitFields(syncId) {
  const kind = h(
    'select',
    { id: `limit-kind-${syncId}`, name: 'kind' },
    h('option', { value: 'maxDeletes' }, 'At most this many deletes'),
    h('option', { value: 'maxDeletePercent' }, 'At most this percent of the funnel’s items'),
  );
  const value = h('input', {
    id: `limit-value-${syncId}`,
    name: 'value',
    type: 'number',
    min: 0,
    step: 'any',
    required: true,
    value: '0',
  });
  return { kind, value };
}

/** The body of the commit for the limit chosen; `dryRun` asks what it would delete. */
function commitBody({ kind, value }, dryRun) {
  return { [kind.value]: Number(value.value), dryRun };
}

function previewView(contentType, preview) {
  return h(
    'div',
    { class: 'sync-preview', role: 'status' },
    h(
      'p',
      { class: preview.withinLimit ? 'success' : 'warning' },
      `The commit would delete ${count(preview.wouldDelete, 'item')} of the ` +
        `${formatNumber(preview.funnelItems)} this funnel wrote; the limit allows ` +
        `${formatNumber(preview.allowed)}: `,
      preview.withinLimit ? 'within the limit.' : 'over the limit, it would be refused.',
    ),
    preview.items.length === 0
      ? null
      : h(
          'ul',
          { class: 'id-list', 'aria-label': 'Items it would delete' },
          preview.items.map((identifier) => h('li', {}, itemLink(contentType, identifier))),
        ),
    preview.nextCursor
      ? h('p', { class: 'muted' }, `The first ${formatNumber(preview.items.length)} are shown.`)
      : null,
  );
}

/** `onDone()`: the sync changed (committed); the page reads the list again. */
export function commitPanel({ funnel, contentType, sync, me, signal, onDone }) {
  const fields = limitFields(sync.syncId);
  const out = h('div', { 'aria-live': 'polite' });
  const dryRun = h('button', { type: 'button', class: 'secondary' }, 'Dry run');
  const commit = h('button', { type: 'button' }, 'Commit');
  const cannotCommit = refusal(me, 'delete', 'manage_funnels');

  async function send(isDryRun) {
    const path = itemPaths.syncCommit(funnel, sync.syncId);
    const query = isDryRun ? `?limit=${PREVIEW_SIZE}` : '';
    return apiSend('POST', `${path}${query}`, commitBody(fields, isDryRun), { signal });
  }
  async function run(button, isDryRun) {
    button.disabled = true;
    fill(out, h('p', { class: 'loading', role: 'status' }, isDryRun ? 'Counting…' : 'Committing…'));
    try {
      const answer = await send(isDryRun);
      if (isDryRun) {
        fill(out, previewView(contentType, answer));
        return;
      }
      const recordId = answer.data?.recordId;
      const record = recordId
        ? h('a', { href: links.request(funnel, recordId) }, 'Open its record')
        : null;
      fill(out, h('p', { class: 'success', role: 'status' }, answer.message, ' ', record));
      await onDone();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      fill(out, errorBox(`${isDryRun ? 'Dry run' : 'Commit'} refused: ${error.message}`));
    } finally {
      button.disabled = false;
    }
  }
  dryRun.addEventListener('click', () => void run(dryRun, true));
  const note = guard(commit, cannotCommit);
  if (!note) {
    commit.addEventListener('click', () => {
      const limit = `${fields.value.value}${fields.kind.value === 'maxDeletes' ? ' deletes' : ' %'}`;
      const question =
        `Commit the sync ${sync.syncId}? Every item of ${funnel} its requests did not name ` +
        `is deleted, at most ${limit}. This cannot be undone.`;
      if (window.confirm(question)) void run(commit, false);
    });
  }
  return h(
    'div',
    { class: 'commit-panel' },
    h('div', { class: 'field' }, h('label', { for: fields.kind.id }, 'Limit'), fields.kind),
    h('div', { class: 'field' }, h('label', { for: fields.value.id }, 'Value'), fields.value),
    h('div', { class: 'actions' }, dryRun, commit, note),
    out,
  );
}
