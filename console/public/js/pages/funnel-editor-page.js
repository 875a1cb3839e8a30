/**
 * Creates or edits a funnel: its settings, its sample payload (requestData), and per path of the
 * sample its mapping. The paths and suggested targets come from the API for the sample as typed
 * (POST /settings/suggested-paths); saving POSTs or PUTs the whole funnel, and each 422 error is
 * shown at the field or path row it names. An edit is saved over the version it opened (a 412
 * offers to reload or overwrite); a new endpoint URL is confirmed first, since senders of the old
 * one get 404.
 */
/* global window */
import { apiGet, apiGetVersioned, apiPaths, apiSend, ApiError } from '../api-client.js';
import { showChangedMeanwhile } from '../changed-meanwhile.js';
import { guard, refusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { checkbox, errorSummary, field, select, setFieldError, showFieldErrors } from '../forms.js';
import { flashLine, goWithMessage } from '../flash.js';
import { links } from '../routes.js';
import { watchUnsaved } from '../unsaved-changes.js';
import { deleteAction } from './delete-action.js';
import { firstRequestPanel } from './first-request-panel.js';
import { mappedRows, mappingOf, pathRows, pathsTable } from './funnel-paths.js';
import { previewPanel } from './funnel-preview.js';
import { recentPayloads, sampleValues } from './funnel-samples.js';
import { applyConfidentSuggestions } from './funnel-suggestions.js';

async function contentTypeKeys(me, signal) {
  if (refusal(me, 'read', 'manage_settings')) return null;
  const { items } = await apiGet(apiPaths.contentTypes(), { signal });
  return items.map((ct) => [ct.key, `${ct.name} (${ct.key})`]);
}

export async function renderFunnelEditor(container, route, { signal, me }) {
  const editing = route.funnel;
  container.append(
    h('p', { class: 'crumbs' }, h('a', { href: links.funnels() }, 'Funnels')),
    h('h1', {}, editing ? `Edit funnel ${editing}` : 'New funnel'),
  );
  const saved = flashLine();
  if (saved) container.append(saved);
  const read = editing ? await apiGetVersioned(apiPaths.funnel(editing), { signal }) : null;
  const stored = read?.body ?? null;
  const keys = await contentTypeKeys(me, signal).catch(() => null);
  if (!editing && keys?.length === 0) {
    container.append(contentTypeFirst());
    return;
  }
  if (saved && stored) container.append(firstRequestPanel(stored));
  // What senders really sent, beside each path; a new funnel has had no requests yet.
  const payloads = editing ? await recentPayloads(editing, signal).catch(() => []) : [];

  const fields = {
    name: field('Name', h('input', { type: 'text', name: 'name', required: true })),
    endpointUrl: field(
      'Endpoint URL',
      h('input', { type: 'text', name: 'endpointUrl', required: true }),
      {
        hint: 'Lower-case letters, digits and dashes: the funnel is POST /api/v1/funnels/{endpoint URL}.',
      },
    ),
    contentType: field(
      'Content type',
      keys
        ? select('contentType', [['', 'Choose…'], ...keys])
        : h('input', { type: 'text', name: 'contentType' }),
    ),
    description: field('Description', h('textarea', { name: 'description', rows: 2 })),
    active: checkbox('Active: accepts requests', {
      checked: stored?.active ?? true,
      name: 'active',
    }),
    partialValidation: checkbox('Partial validation: valid items are imported when others fail', {
      checked: stored?.partialValidation ?? false,
      name: 'partialValidation',
    }),
    requestData: field(
      'Sample payload (request data, JSON)',
      h('textarea', { name: 'requestData', rows: 10, class: 'code', spellcheck: 'false' }),
      {
        hint: 'An item, or a list of items, as a sender posts them.',
      },
    ),
  };
  fields.name.control.value = stored?.name ?? '';
  fields.endpointUrl.control.value = stored?.endpointUrl ?? '';
  fields.contentType.control.value = stored?.contentType ?? '';
  fields.description.control.value = stored?.description ?? '';
  fields.requestData.control.value =
    stored?.requestData === undefined ? '' : JSON.stringify(stored.requestData, null, 2);

  const readPaths = h('button', { type: 'button', class: 'secondary' }, 'Show paths');
  const pathsNote = guard(readPaths, refusal(me, 'read', 'manage_funnels'));
  const pathsArea = h('div', { class: 'paths-area', 'aria-live': 'polite' });
  const summary = errorSummary();
  const save = h('button', { type: 'submit' }, editing ? 'Save changes' : 'Create funnel');
  const saveNote = guard(save, refusal(me, editing ? 'update' : 'create', 'manage_funnels'));
  let rows = pathRows([], stored?.mappings ?? []);

  const sample = () => {
    const text = fields.requestData.control.value.trim();
    if (!text) return { value: undefined };
    try {
      return { value: JSON.parse(text) };
    } catch (error) {
      return { problem: `Not valid JSON: ${error.message}` };
    }
  };

  const showPaths = async () => {
    setFieldError(fields.requestData, null);
    const { value, problem } = sample();
    if (problem) return setFieldError(fields.requestData, problem);
    const contentType = fields.contentType.control.value.trim();
    if (!contentType)
      return setFieldError(fields.contentType, 'Choose a content type to see its targets.');
    setFieldError(fields.contentType, null);
    try {
      const answer = await apiSend(
        'POST',
        apiPaths.funnelPaths(),
        { contentType, requestData: value ?? {} },
        { signal },
      );
      const current = mappedRows(rows).map(mappingOf);
      rows = pathRows(answer.items, current);
      // A stored funnel's mapping is changed only by a person; a new one starts from the sure ones.
      if (!editing) applyConfidentSuggestions(rows);
      const samples = (path) => sampleValues(payloads, path);
      fill(pathsArea, pathsTable(rows, answer.targets, { samples }));
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      if (error.fields.requestData) setFieldError(fields.requestData, error.fields.requestData);
      else if (error.fields.contentType)
        setFieldError(fields.contentType, error.fields.contentType);
      else fill(pathsArea, h('p', { class: 'error', role: 'alert' }, error.message));
    }
  };
  readPaths.addEventListener('click', () => void showPaths());

  const place = (key) => {
    const [head, index] = key.split('.');
    if (head === 'mappings' && index !== undefined) return mappedRows(rows)[Number(index)] ?? null;
    return fields[head] ?? null;
  };

  const clearErrors = () => {
    summary.hidden = true;
    for (const entry of [...Object.values(fields), ...rows])
      if (entry.error) setFieldError(entry, null);
  };

  /** The funnel as typed, as the API takes it; `problem` when the sample is not JSON. */
  const draftBody = () => {
    const { value, problem } = sample();
    if (problem) {
      setFieldError(fields.requestData, problem);
      return { problem };
    }
    const body = {
      name: fields.name.control.value,
      endpointUrl: fields.endpointUrl.control.value.trim(),
      contentType: fields.contentType.control.value.trim(),
      description: fields.description.control.value,
      active: fields.active.control.checked,
      partialValidation: fields.partialValidation.control.checked,
      mappings: mappedRows(rows).map(mappingOf),
      ...(value === undefined ? {} : { requestData: value }),
    };
    return { body };
  };

  const preview = previewPanel({
    me,
    editing,
    signal,
    draft: () => {
      clearErrors();
      return draftBody();
    },
    showErrors: (message, fieldErrors) => showFieldErrors(summary, message, fieldErrors, place),
  });

  const form = h(
    'form',
    { class: 'editor', novalidate: true },
    summary,
    h(
      'fieldset',
      {},
      h('legend', {}, 'Funnel'),
      Object.values(fields)
        .slice(0, 6)
        .map((f) => f.wrap),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Sample and mapping'),
      fields.requestData.wrap,
      h('div', { class: 'actions' }, readPaths, pathsNote),
      pathsArea,
    ),
    preview.wrap,
    h('div', { class: 'actions' }, save, saveNote),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    clearErrors();
    const { body } = draftBody();
    if (!body) return;
    const identified = body.mappings.some((m) => m.target.system === 'identifier');
    if (!identified && !window.confirm(NO_IDENTIFIER_WARNING)) return;
    const renamed = editing && body.endpointUrl !== editing;
    if (renamed && !window.confirm(renameWarning(editing, body.endpointUrl))) return;
    // An edit is saved only over the version it was opened at (412 otherwise).
    const saveAgainst = async (ifMatch) => {
      try {
        const funnel = editing
          ? await apiSend('PUT', apiPaths.funnel(editing), body, { signal, ifMatch })
          : await apiSend('POST', apiPaths.funnels(), body, { signal });
        markSaved();
        goWithMessage(links.editFunnel(funnel.endpointUrl), `Saved funnel ${funnel.name}.`);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 401 || error.name === 'AbortError')
          throw error;
        if (error.status === 412)
          return showChangedMeanwhile(summary, 'funnel', error, saveAgainst);
        showFieldErrors(summary, error.message, error.fields, place);
        summary.focus?.();
      }
    };
    await saveAgainst(read?.etag ?? undefined);
  });
  const markSaved = watchUnsaved(form);
  container.append(form);
  if (editing)
    container.append(
      deleteAction(me, {
        what: `funnel ${editing}`,
        affects:
          `Senders posting to /api/v1/funnels/${editing} will get 404. The items it wrote ` +
          'stay stored.',
        path: apiPaths.funnel(editing),
        permission: 'manage_funnels',
        then: links.funnels(),
        before: markSaved,
      }),
    );
  if (stored?.requestData !== undefined || rows.length > 0) await showPaths();
}

/** A funnel feeds one content type: without any, the editor says where to start. */
function contentTypeFirst() {
  return h(
    'div',
    { class: 'empty-state' },
    h(
      'p',
      {},
      'A funnel writes items of one content type, and this tenant has none yet. ' +
        'Define the content type first (its fields are what a funnel maps to), then come back.',
    ),
    h(
      'p',
      { class: 'actions' },
      h('a', { href: links.newContentType(), class: 'button' }, 'New content type'),
    ),
  );
}

const NO_IDENTIFIER_WARNING =
  'No path is mapped to the identifier. Every request to this funnel will fail until one is, ' +
  'since items are created and updated by their identifier. Save it anyway?';

/** What a new endpoint URL does to the senders of the old one: asked before it is saved. */
const renameWarning = (from, to) =>
  `Change the endpoint URL from "${from}" to "${to}"? Senders still posting to ` +
  `/api/v1/funnels/${from} will get 404 until they use the new URL. The funnel's history ` +
  'stays with it.';
