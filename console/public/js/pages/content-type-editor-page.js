/**
 * Creates (POST /settings/content-types) or edits (PUT /settings/content-types/{key}, over the
 * version it opened) a content type: its name, kind and typed properties. A 422 is shown at the
 * field or property it names; a 409 (a key that exists, or a funnel that maps what the change
 * drops) with the API's message; a 412 offers to reload or overwrite.
 */
/* global structuredClone */
import { apiGetVersioned, apiPaths, apiSend, ApiError } from '../api-client.js';
import { showChangedMeanwhile } from '../changed-meanwhile.js';
import { guard, refusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { checkbox, errorSummary, field, select, setFieldError, showFieldErrors } from '../forms.js';
import { flashLine, goWithMessage } from '../flash.js';
import { watchUnsaved } from '../unsaved-changes.js';
import { deleteAction } from './delete-action.js';
import { links } from '../routes.js';

const TYPES = ['text', 'number', 'integer', 'boolean', 'date', 'media', 'reference', 'enum'];

function propertyEditor(property, index, onRemove) {
  const n = index + 1;
  const entries = {
    key: field(`Key of property ${n}`, h('input', { type: 'text' })),
    label: field(`Label of property ${n}`, h('input', { type: 'text' })),
    type: field(
      `Type of property ${n}`,
      select(
        'type',
        TYPES.map((t) => [t, t]),
      ),
    ),
    contentType: field(`Referenced content type of property ${n}`, h('input', { type: 'text' })),
    options: field(`Options of property ${n}`, h('input', { type: 'text' }), {
      hint: 'Separated by commas.',
    }),
    multiple: checkbox(`Property ${n} holds several values`, {
      checked: property.multiple ?? false,
    }),
  };
  entries.key.control.value = property.key ?? '';
  entries.label.control.value = property.label ?? '';
  entries.type.control.value = property.type ?? 'text';
  entries.contentType.control.value = property.contentType ?? '';
  entries.options.control.value = (property.options ?? []).join(', ');
  const syncType = () => {
    entries.contentType.wrap.hidden = entries.type.control.value !== 'reference';
    entries.options.wrap.hidden = entries.type.control.value !== 'enum';
  };
  entries.type.control.addEventListener('change', syncType);
  syncType();
  const remove = h('button', { type: 'button', class: 'secondary small' }, `Remove property ${n}`);
  remove.addEventListener('click', onRemove);
  const read = () => {
    const type = entries.type.control.value;
    const body = {
      key: entries.key.control.value.trim(),
      label: entries.label.control.value,
      type,
      multiple: entries.multiple.control.checked,
    };
    if (type === 'reference') body.contentType = entries.contentType.control.value.trim();
    if (type === 'enum')
      body.options = entries.options.control.value
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
    return body;
  };
  const wrap = h(
    'fieldset',
    { class: 'property' },
    h('legend', {}, `Property ${n}`),
    Object.values(entries).map((e) => e.wrap),
    remove,
  );
  return { wrap, entries, read };
}

export async function renderContentTypeEditor(container, route, { signal, me }) {
  const key = route.contentType;
  container.append(
    h('p', { class: 'crumbs' }, h('a', { href: links.contentTypes() }, 'Content types')),
    h('h1', {}, key ? `Edit content type ${key}` : 'New content type'),
  );
  container.append(flashLine() ?? '');
  const read = key ? await apiGetVersioned(apiPaths.contentType(key), { signal }) : null;
  const stored = read?.body ?? null;
  const fields = {
    key: field('Key', h('input', { type: 'text', name: 'key', readonly: key ? true : null }), {
      hint: 'Named in funnels and item addresses; it cannot change.',
    }),
    name: field('Name', h('input', { type: 'text', name: 'name' })),
    kind: field(
      'Kind',
      select('kind', [
        ['generic', 'generic'],
        ['product', 'product'],
      ]),
      { hint: 'Decides the system fields: a product has no parent.' },
    ),
  };
  fields.key.control.value = key ?? '';
  fields.name.control.value = stored?.name ?? '';
  fields.kind.control.value = stored?.kind ?? 'generic';

  let properties = structuredClone(stored?.properties ?? []);
  let editors = [];
  const list = h('div', { class: 'properties' });
  const renderProperties = () => {
    properties = editors.length ? editors.map((e) => e.read()) : properties;
    editors = properties.map((property, index) =>
      propertyEditor(property, index, () => {
        properties = editors.map((e) => e.read());
        properties.splice(index, 1);
        editors = [];
        renderProperties();
        addProperty.focus();
      }),
    );
    fill(
      list,
      editors.map((e) => e.wrap),
    );
  };
  const addProperty = h('button', { type: 'button', class: 'secondary' }, 'Add property');
  addProperty.addEventListener('click', () => {
    properties = editors.map((e) => e.read());
    properties.push({ key: '', label: '', type: 'text', multiple: false });
    editors = [];
    renderProperties();
    editors.at(-1)?.entries.key.control.focus();
  });
  renderProperties();

  const summary = errorSummary();
  const save = h('button', { type: 'submit' }, key ? 'Save changes' : 'Create content type');
  const note = guard(save, refusal(me, 'update', 'manage_settings'));
  const form = h(
    'form',
    { class: 'editor', novalidate: true },
    summary,
    h(
      'fieldset',
      {},
      h('legend', {}, 'Content type'),
      Object.values(fields).map((f) => f.wrap),
    ),
    h('fieldset', {}, h('legend', {}, 'Properties'), list, addProperty),
    h('div', { class: 'actions' }, save, note),
  );
  const place = (name) => {
    const [head, index, sub] = name.split('.');
    if (head === 'properties' && index !== undefined)
      return editors[Number(index)]?.entries[sub] ?? null;
    return fields[head] ?? null;
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    summary.hidden = true;
    const all = [...Object.values(fields), ...editors.flatMap((e) => Object.values(e.entries))];
    for (const entry of all) setFieldError(entry, null);
    const target = fields.key.control.value.trim();
    if (!target) return setFieldError(fields.key, 'A key is needed.');
    const body = {
      name: fields.name.control.value,
      kind: fields.kind.control.value,
      properties: editors.map((e) => e.read()),
    };
    // A new one is created and never replaces one with its key (409); an edit is saved only
    // over the version it was opened at (412 otherwise).
    const send = (ifMatch) =>
      key
        ? apiSend('PUT', apiPaths.contentType(target), body, { signal, ifMatch })
        : apiSend('POST', apiPaths.contentTypes(), { key: target, ...body }, { signal });
    const saveAgainst = async (ifMatch) => {
      try {
        await send(ifMatch);
        saved();
        goWithMessage(links.contentType(target), `Saved content type ${body.name}.`);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 401 || error.name === 'AbortError')
          throw error;
        if (error.status === 412)
          return showChangedMeanwhile(summary, 'content type', error, saveAgainst);
        showFieldErrors(summary, error.message, error.fields, place);
        summary.focus();
      }
    };
    await saveAgainst(read?.etag ?? undefined);
  });
  const saved = watchUnsaved(form);
  container.append(form);
  if (key)
    container.append(
      deleteAction(me, {
        what: `content type ${key}`,
        affects:
          'Its stored items are no longer listed, and nothing can write to it. The API refuses ' +
          'while a funnel or another content type uses it, and names them.',
        path: apiPaths.contentType(key),
        permission: 'manage_settings',
        then: links.contentTypes(),
        before: saved,
      }),
    );
}
