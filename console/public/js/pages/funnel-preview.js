/**
 * The funnel editor's Preview panel: the draft as typed (unsaved) run by the API over its sample
 * and, for a saved funnel, over its last requests (POST /settings/funnel-preview, which writes
 * nothing); per request, what it was answered beside what it would be answered now, and the
 * items whose outcome changes; and the items lazy comparison would write to another identifier
 * than sent.
 */
import { apiPaths, apiSend, ApiError } from '../api-client.js';
import { guard, refusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { count, timeElement } from '../format.js';
import { field } from '../forms.js';
import { resolvedItems } from '../resolved-list.js';
import { links } from '../routes.js';
import { dataTable, errorBox, scrollBox, statusBadge } from '../views.js';

const OUTCOME_WORDS = { ok: 'imported', error: 'failed', 'not-written': 'not written' };
const COLUMNS = ['Received', 'Then', 'Now', 'Changed', 'Items that change'];

function answerText(answer) {
  return [
    `HTTP ${answer.httpStatus} `,
    statusBadge(answer.status),
    ` · ${count(answer.imported, 'imported', 'imported')}, ${count(answer.failed, 'failed', 'failed')}`,
  ];
}

/** The errors of an envelope as a list: item key, field, message. */
function errorList(errors) {
  const lines = Object.entries(errors ?? {}).flatMap(([key, fields]) =>
    Object.entries(fields).map(([label, message]) => `${key} · ${label}: ${message}`),
  );
  return lines.length
    ? h(
        'ul',
        { class: 'preview-errors' },
        lines.map((line) => h('li', {}, line)),
      )
    : null;
}

/** "sent E-19, written to E-1" for each item the draft would write under another identifier. */
function resolvedList(answer) {
  return answer.resolved.length ? resolvedItems(answer.resolved, { limit: 20 }) : null;
}

function itemChangeList(changes) {
  if (changes.length === 0) return h('span', { class: 'muted' }, 'none');
  return h(
    'ul',
    { class: 'item-changes' },
    changes.map((change) =>
      h(
        'li',
        {},
        h('code', {}, change.key),
        `: ${OUTCOME_WORDS[change.then]} → ${OUTCOME_WORDS[change.now]}`,
        change.errors
          ? ` (${Object.entries(change.errors)
              .map(([label, message]) => `${label}: ${message}`)
              .join('; ')})`
          : null,
      ),
    ),
  );
}

function sampleSection(sample) {
  return h(
    'section',
    { 'aria-labelledby': 'preview-sample-heading' },
    h('h3', { id: 'preview-sample-heading' }, 'Over the sample'),
    sample
      ? [
          h(
            'p',
            { class: 'preview-answer' },
            answerText(sample),
            ' · ',
            h('span', { class: 'message' }, sample.message),
          ),
          errorList(sample.envelope.errors),
          resolvedList(sample),
        ]
      : h('p', { class: 'muted' }, 'The draft has no sample payload.'),
  );
}

function requestsSection(funnel, answer) {
  const { requests, skipped } = answer;
  const changed = requests.filter((request) => request.changed).length;
  const rows = requests.map((request) => [
    h('a', { href: links.request(funnel, request.recordId) }, timeElement(request.receivedAt)),
    [answerText(request.then), h('br'), h('span', { class: 'message' }, request.then.message)],
    [
      answerText(request.now),
      h('br'),
      h('span', { class: 'message' }, request.now.message),
      resolvedList(request.now),
    ],
    request.changed ? h('strong', {}, 'changed') : 'same',
    itemChangeList(request.itemChanges),
  ]);
  const table = dataTable({
    caption: 'Recorded requests: then and with the draft',
    columns: COLUMNS,
    rows,
    className: 'preview',
  });
  table.tBodies[0].querySelectorAll('tr').forEach((row, i) => {
    if (requests[i].changed) row.classList.add('changed');
  });
  return h(
    'section',
    { 'aria-labelledby': 'preview-requests-heading' },
    h('h3', { id: 'preview-requests-heading' }, 'Over recent requests'),
    h(
      'p',
      { class: 'count' },
      requests.length === 0
        ? 'No recorded request to run the draft over.'
        : `${count(requests.length, 'request')} run; ${count(changed, 'would be', 'would be')} answered differently.`,
    ),
    requests.length ? scrollBox(table) : null,
    skipped.length
      ? [
          h('h4', {}, `Skipped (${skipped.length})`),
          h(
            'ul',
            { class: 'preview-skipped' },
            skipped.map((entry) =>
              h(
                'li',
                {},
                h(
                  'a',
                  { href: links.request(funnel, entry.recordId) },
                  timeElement(entry.receivedAt),
                ),
                `: ${entry.reason}`,
              ),
            ),
          ),
        ]
      : null,
  );
}

/**
 * `draft()` gives `{ body }`, or `{ problem }` already shown at its field; `showErrors(message,
 * fields)` places the API's 422 errors on the form (their keys without the `funnel.` prefix).
 */
export function previewPanel({ me, editing, draft, showErrors, signal }) {
  const run = h('button', { type: 'button', class: 'secondary' }, 'Preview');
  const note = guard(run, refusal(me, 'read', 'manage_funnels'));
  const limit = editing
    ? field(
        'Recent requests to run over',
        h('input', { type: 'number', name: 'previewLimit', min: 1, max: 50, value: 10 }),
        {
          hint: 'From 1 to 50; a DELETE, a request not finished or one whose payload was cut is skipped.',
        },
      )
    : null;
  const output = h('div', { class: 'preview-output', 'aria-live': 'polite' });

  const preview = async () => {
    const { body } = draft();
    if (!body) return;
    const requested = Number(limit?.control.value ?? 0);
    const request = {
      funnel: body,
      ...(editing
        ? { history: { endpointUrl: editing, limit: Math.min(50, Math.max(1, requested || 10)) } }
        : {}),
    };
    run.disabled = true;
    fill(output, h('p', { class: 'loading', role: 'status' }, 'Running the draft…'));
    try {
      const answer = await apiSend('POST', apiPaths.funnelPreview(), request, { signal });
      fill(
        output,
        h('p', { role: 'status', class: 'muted' }, 'Nothing was saved or written.'),
        sampleSection(answer.sample),
        editing ? requestsSection(editing, answer) : null,
      );
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      const fields = Object.fromEntries(
        Object.entries(error.fields).map(([key, message]) => [
          key.replace(/^funnel\./, ''),
          message,
        ]),
      );
      fill(output, errorBox(error.message));
      showErrors(error.message, fields);
    } finally {
      run.disabled = Boolean(note);
    }
  };
  run.addEventListener('click', () => void preview());
  // Enter in the count runs the preview rather than submitting (saving) the form around it.
  limit?.control.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!run.disabled) void preview();
  });

  const wrap = h(
    'fieldset',
    { class: 'preview-panel' },
    h('legend', {}, 'Preview'),
    h(
      'p',
      { class: 'hint' },
      editing
        ? 'Runs the mapping as typed, unsaved, over the sample and the last requests of this funnel, and shows how each answer would differ from the one given then.'
        : 'Runs the mapping as typed, unsaved, over the sample. Once the funnel is saved, it also runs over its recorded requests.',
    ),
    limit?.wrap,
    h('div', { class: 'actions' }, run, note),
    output,
  );
  return { wrap };
}
