/**
 * The tenant's exports: where each sends, what, its state (with the reason the service disabled
 * it) and what waits to be sent; pause and resume in place. Needs manage_settings to list.
 */
import { apiGet, apiPaths, apiSend, ApiError } from '../api-client.js';
import { guard, refusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { flashLine } from '../flash.js';
import { count } from '../format.js';
import { links } from '../routes.js';
import { dataTable, errorBox, scrollBox } from '../views.js';
import { exportBacklog, exportState } from './export-views.js';

const COLUMNS = ['Export', 'URL', 'Content types', 'Events', 'State', 'Waiting', ''];

/** Pause or resume (`PATCH active`); `done` is called with the export as now stored. */
export function pauseButton(me, exp, said, done) {
  const resume = exp.state !== 'active';
  const label = resume ? 'Resume' : 'Pause';
  const button = h(
    'button',
    { type: 'button', class: 'secondary small', 'aria-label': `${label} ${exp.name}` },
    label,
  );
  const note = guard(button, refusal(me, 'update', 'manage_settings'));
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const now = await apiSend('PATCH', apiPaths.export(exp.id), { active: resume });
      fill(said, h('p', { role: 'status', class: 'success' }, `${now.name} is ${now.state}.`));
      await done(now);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      fill(said, errorBox(`${label} refused: ${error.message}`));
      button.disabled = false;
    }
  });
  return [button, note];
}

export async function renderExports(container, _route, { signal, me }) {
  container.append(h('h1', {}, 'Exports'));
  container.append(
    h(
      'p',
      { class: 'lead' },
      'An export sends the changes of its content types to a receiver you run, signed, in order per item.',
    ),
  );
  const cannotList = refusal(me, 'read', 'manage_settings');
  if (cannotList) {
    container.append(h('p', { class: 'not-allowed' }, `You cannot see the exports. ${cannotList}`));
    return;
  }
  const cannotCreate = refusal(me, 'create', 'manage_settings');
  if (cannotCreate) {
    const button = h('button', { type: 'button' }, 'New export');
    container.append(h('p', { class: 'actions' }, button, guard(button, cannotCreate)));
  } else {
    container.append(
      h(
        'p',
        { class: 'actions' },
        h('a', { href: links.newExport(), class: 'button' }, 'New export'),
      ),
    );
  }
  const said = h('div', { 'aria-live': 'polite' });
  fill(said, flashLine());
  const listArea = h('div');
  container.append(said, listArea);

  const render = (items) => {
    if (items.length === 0) {
      fill(listArea, h('p', {}, 'This tenant has no exports yet.'));
      return;
    }
    const rows = items.map((exp) => [
      h('a', { href: links.exportPage(exp.id) }, exp.name),
      h('code', { class: 'url' }, exp.url),
      exp.contentTypes.join(', '),
      exp.events.join(', '),
      exportState(exp),
      exportBacklog(exp),
      pauseButton(me, exp, said, reload),
    ]);
    fill(
      listArea,
      scrollBox(
        dataTable({
          caption: count(items.length, 'export'),
          columns: COLUMNS,
          rows,
          className: 'exports',
        }),
      ),
    );
  };
  const reload = async () => render((await apiGet(apiPaths.exports(), { signal })).items);
  await reload();
}
