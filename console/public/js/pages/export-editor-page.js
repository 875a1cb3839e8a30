/**
 * Creates or edits an export: name, receiver URL, content types, events, batch size, active.
 * The API checks the URL when it is saved (a refused target is said at the URL field); after a
 * creation the signing secret is shown this once.
 */
import {
  apiGet,
  apiGetVersioned,
  apiPaths,
  apiSend,
  apiSendVersioned,
  ApiError,
} from '../api-client.js';
import { showChangedMeanwhile } from '../changed-meanwhile.js';
import { guard, refusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { checkbox, errorSummary, field, setFieldError, showFieldErrors } from '../forms.js';
import { links } from '../routes.js';
import { watchUnsaved } from '../unsaved-changes.js';
import { secretShownOnce } from './export-views.js';

const EVENTS = ['created', 'updated', 'deleted'];

/** A fieldset of checkboxes with one error line, placed like a field's. */
function boxGroup(legend, entries) {
  const error = h('p', { class: 'field-error', hidden: true });
  const set = h(
    'fieldset',
    {},
    h('legend', {}, legend),
    entries.map(([, e]) => e.wrap),
    error,
  );
  return { wrap: set, control: set, error, entries };
}

const checkedOf = (group) => group.entries.filter(([, e]) => e.control.checked).map(([v]) => v);

/**
 * A new export sends the changes made from now on; what is stored already reaches the receiver
 * only by a resync, which is offered here, where it is most likely wanted.
 */
function sendStoredOffer(created) {
  const out = h('div', { 'aria-live': 'polite' });
  const button = h('button', { type: 'button', class: 'secondary' }, 'Send the stored items');
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await apiSend('POST', apiPaths.exportAction(created.id, 'resync'));
      fill(
        out,
        h(
          'p',
          { role: 'status', class: 'success' },
          'Resync started: every stored item is on its way. ',
          h('a', { href: links.exportPage(created.id) }, 'Follow it on the export’s page'),
          '.',
        ),
      );
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      fill(out, h('p', { class: 'error', role: 'alert' }, `Resync refused: ${error.message}`));
      button.disabled = false;
    }
  });
  return h(
    'section',
    { class: 'export-action', 'aria-labelledby': 'send-stored' },
    h('h2', { id: 'send-stored' }, 'Send what is already stored?'),
    h(
      'p',
      {},
      `The export sends the changes made from now on. The items of ${created.contentTypes.join(', ')} ` +
        'stored already reach the receiver only if you send them once, as a resync.',
    ),
    created.state === 'active'
      ? h('p', { class: 'actions' }, button)
      : h(
          'p',
          { class: 'muted' },
          'The export is not active: resume it, then resync from its page.',
        ),
    out,
  );
}

function createdView(container, created) {
  fill(
    container,
    h('h1', {}, `Export ${created.name} created`),
    secretShownOnce(`Export "${created.name}" was created.`, created.secret),
    sendStoredOffer(created),
    h(
      'p',
      { class: 'actions' },
      h('a', { href: links.exportPage(created.id) }, 'Open the export'),
      h('a', { href: links.exports() }, 'All exports'),
    ),
  );
  container.querySelector('input')?.focus();
}

export async function renderExportEditor(container, route, { signal, me }) {
  const editing = route.exportId !== undefined;
  container.append(
    h('p', { class: 'crumbs' }, h('a', { href: links.exports() }, 'Exports')),
    h('h1', {}, editing ? 'Edit export' : 'New export'),
  );
  const cannotRead = refusal(me, 'read', 'manage_settings');
  if (cannotRead) {
    container.append(h('p', { class: 'not-allowed' }, `You cannot see the exports. ${cannotRead}`));
    return;
  }
  const [read, { items: contentTypes }] = await Promise.all([
    editing ? apiGetVersioned(apiPaths.export(route.exportId), { signal }) : null,
    apiGet(apiPaths.contentTypes(), { signal }),
  ]);
  const current = read?.body ?? null;
  // The version the next save is made against: moved on by each save of this page.
  let version = read?.etag ?? undefined;
  if (contentTypes.length === 0 && !editing) {
    container.append(
      h(
        'p',
        {},
        'An export sends the changes of content types, and this tenant has none yet. ',
        h('a', { href: links.newContentType() }, 'Create a content type'),
      ),
    );
  }
  const summary = errorSummary();
  const name = field('Name', h('input', { type: 'text', name: 'name', maxlength: 200 }));
  const url = field(
    'Receiver URL',
    h('input', { type: 'url', name: 'url', class: 'code', size: 60 }),
    {
      hint: 'Where each delivery is POSTed. https to a public address; an internal network only where the operator allows it.',
    },
  );
  const keys = new Set(contentTypes.map((ct) => ct.key));
  for (const key of current?.contentTypes ?? []) keys.add(key);
  const types = boxGroup(
    'Content types',
    [...keys].map((key) => {
      const ct = contentTypes.find((c) => c.key === key);
      return [
        key,
        checkbox(ct ? `${ct.name} (${key})` : key, {
          checked: current?.contentTypes.includes(key) ?? false,
          name: `content-type-${key}`,
        }),
      ];
    }),
  );
  const events = boxGroup(
    'Events',
    EVENTS.map((event) => [
      event,
      checkbox(event, { checked: current?.events.includes(event) ?? true, name: `event-${event}` }),
    ]),
  );
  const batchSize = field(
    'Batch size',
    h('input', { type: 'number', name: 'batchSize', min: 1, max: 100, step: 1 }),
    { hint: 'Changes per delivery, 1 to 100.' },
  );
  const active = checkbox('Active (sends as changes come)', {
    checked: current?.active ?? true,
    name: 'active',
  });
  name.control.value = current?.name ?? '';
  url.control.value = current?.url ?? '';
  batchSize.control.value = String(current?.batchSize ?? 50);

  const submit = h('button', { type: 'submit' }, editing ? 'Save changes' : 'Create export');
  const note = guard(submit, refusal(me, editing ? 'update' : 'create', 'manage_settings'));
  const saved = h('div', { 'aria-live': 'polite' });
  const form = h(
    'form',
    {
      class: 'editor',
      novalidate: true,
      'aria-label': editing ? 'Edit the export' : 'Create an export',
    },
    summary,
    name.wrap,
    url.wrap,
    types.wrap,
    events.wrap,
    batchSize.wrap,
    active.wrap,
    h('div', { class: 'actions' }, submit, note),
    saved,
  );
  const entries = { name, url, contentTypes: types, events, batchSize, active };
  const place = (key) => entries[key.split('.')[0]] ?? null;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    summary.hidden = true;
    fill(saved);
    for (const entry of Object.values(entries)) setFieldError(entry, null);
    const size = batchSize.control.value.trim();
    const body = {
      name: name.control.value,
      url: url.control.value.trim(),
      contentTypes: checkedOf(types),
      events: checkedOf(events),
      // Sent as typed when it is no number, so that the API's own message says why.
      batchSize: size !== '' && Number.isFinite(Number(size)) ? Number(size) : size,
      active: active.control.checked,
    };
    // Unchanged, `active` is left out: saving a disabled export keeps it disabled with its reason.
    if (editing && body.active === current.active) delete body.active;
    const saveAgainst = async (ifMatch) => {
      try {
        if (editing) {
          const path = apiPaths.export(route.exportId);
          const now = await apiSendVersioned('PATCH', path, body, { ifMatch });
          version = now.etag ?? undefined;
          markSaved();
          fill(saved, h('p', { role: 'status', class: 'success' }, `Saved ${now.body.name}.`));
        } else {
          const created = await apiSend('POST', apiPaths.exports(), body);
          markSaved();
          createdView(container, created);
        }
      } catch (error) {
        if (!(error instanceof ApiError) || error.status === 401) throw error;
        if (error.status === 412)
          return showChangedMeanwhile(summary, 'export', error, saveAgainst);
        showFieldErrors(summary, error.message, error.fields, place);
        if (error.fields.url) setFieldError(url, `This URL is refused: ${error.fields.url}`);
        summary.focus();
      }
    };
    await saveAgainst(version);
  });
  const markSaved = watchUnsaved(form);
  container.append(form);
}
