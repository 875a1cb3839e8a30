/**
 * Creates or edits a funnel: its settings, its sample payload (requestData), and per path of the
 * sample its mapping. The paths and suggested targets come from the API for the sample as typed
 * (POST /settings/suggested-paths); saving POSTs or PUTs the whole funnel, and each 422 error is
 * shown at the field or path row it names.
 */
import { apiGet, apiPaths, apiSend, ApiError } from '../api-client.js';
import { guard, refusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { checkbox, errorSummary, field, select, setFieldError, showFieldErrors } from '../forms.js';
import { goWithMessage, takeFlash } from '../flash.js';
import { links } from '../routes.js';
import { mappedRows, mappingOf, pathRows, pathsTable } from './funnel-paths.js';
import { previewPanel } from './funnel-preview.js';

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
  const saved = takeFlash();
  if (saved) container.append(h('p', { class: 'success', role: 'status' }, saved));
  const stored = editing ? await apiGet(apiPaths.funnel(editing), { signal }) : null;
  const keys = await contentTypeKeys(me, signal).catch(() => null);

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
      fill(pathsArea, pathsTable(rows, answer.targets));
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
    try {
      const funnel = editing
        ? await apiSend('PUT', apiPaths.funnel(editing), body, { signal })
        : await apiSend('POST', apiPaths.funnels(), body, { signal });
      goWithMessage(links.editFunnel(funnel.endpointUrl), `Saved funnel ${funnel.name}.`);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401 || error.name === 'AbortError')
        throw error;
      showFieldErrors(summary, error.message, error.fields, place);
      summary.focus?.();
    }
  });
  container.append(form);
  if (stored?.requestData !== undefined || rows.length > 0) await showPaths();
}
