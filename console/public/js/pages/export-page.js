/**
 * One export: its settings and state, pause or resume, edit and delete; the test ping, the secret
 * rotation, resync and replay (with their progress, followed while they run); the delivery log.
 */
/* global window, setTimeout, clearTimeout */
import { apiGet, apiPaths, apiSend, ApiError } from '../api-client.js';
import { guard, refusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { flashLine, goWithMessage } from '../flash.js';
import { formatNumber, timeElement } from '../format.js';
import { links } from '../routes.js';
import { errorBox } from '../views.js';
import { replay, resync, rotateSecret, testPing } from './export-actions.js';
import { deliveryLog } from './export-deliveries.js';
import { exportBacklog, exportState } from './export-views.js';

/** How often a running resync or replay is looked at again. */
const FOLLOW_MS = 1_000;
/** How often the page looks again while deliveries wait for the receiver. */
const PENDING_MS = 3_000;

function fact(term, ...value) {
  return [h('dt', {}, term), h('dd', {}, ...value)];
}

function facts(exp) {
  return h(
    'dl',
    { class: 'facts' },
    fact('Receiver URL', h('code', { class: 'url' }, exp.url)),
    fact('Content types', exp.contentTypes.join(', ')),
    fact('Events', exp.events.join(', ')),
    fact('Batch size', formatNumber(exp.batchSize)),
    fact('State', exportState(exp)),
    fact('Waiting', exportBacklog(exp)),
    fact(
      'Changes taken',
      exp.cursor === 0
        ? 'none yet'
        : `every change up to number ${formatNumber(exp.cursor)} of the change log is in a delivery, sent or waiting`,
    ),
    exp.previousSecretExpiresAt
      ? fact('Previous secret signs until', timeElement(exp.previousSecretExpiresAt))
      : null,
    fact('Created', timeElement(exp.createdAt)),
    fact('Updated', timeElement(exp.updatedAt)),
  );
}

/** The resync's and the replay's progress; null when neither has anything to say. */
function progress(exp) {
  const lines = [];
  if (exp.resync) {
    const { state, itemsFormed, itemsTotal } = exp.resync;
    // The worker counts the items as the resync begins; until then the total is unknown.
    const total = itemsTotal === null ? 'the' : formatNumber(itemsTotal);
    const bar =
      itemsTotal === null
        ? {}
        : {
            max: Math.max(itemsTotal, 1),
            value: state === 'done' ? Math.max(itemsTotal, 1) : itemsFormed,
          };
    lines.push(
      h(
        'p',
        {},
        state === 'running' ? 'Resync running: ' : 'Resync done: ',
        `${formatNumber(itemsFormed)} of ${total} stored items put in deliveries`,
        itemsTotal === null ? ' (counting them)' : '',
        state === 'done' && exp.resync.finishedAt
          ? [', finished ', timeElement(exp.resync.finishedAt)]
          : ' ',
        h('progress', { ...bar, 'aria-label': 'Resync progress' }),
      ),
    );
  }
  if (exp.replay) {
    const { next, to } = exp.replay;
    // The API keeps the last replay's range; once `next` reaches `to` it is finished.
    lines.push(
      h(
        'p',
        {},
        next < to
          ? `Replay running: changes ${formatNumber(next + 1)} to ${formatNumber(to)} of the change log are still to be put in deliveries.`
          : `Replay done: the changes up to number ${formatNumber(to)} were put in deliveries again.`,
      ),
    );
  }
  return lines.length === 0 ? null : lines;
}

const running = (exp) =>
  exp.resync?.state === 'running' || (exp.replay !== null && exp.replay.next < exp.replay.to);

export async function renderExport(container, route, { signal, me }) {
  container.append(h('p', { class: 'crumbs' }, h('a', { href: links.exports() }, 'Exports')));
  const cannotRead = refusal(me, 'read', 'manage_settings');
  if (cannotRead) {
    container.append(
      h('h1', {}, 'Export'),
      h('p', { class: 'not-allowed' }, `You cannot see the exports. ${cannotRead}`),
    );
    return;
  }
  let exp = await apiGet(apiPaths.export(route.exportId), { signal });
  const here = links.exportPage(exp.id, route.status);
  const said = h('div', { 'aria-live': 'polite' });
  fill(said, flashLine());
  const factsArea = h('div');
  const progressArea = h('div', { role: 'status', 'aria-live': 'polite' });
  let follow = null;
  let log = null;

  // While something runs or waits, the page looks again by itself: the facts, and the log when
  // what waits has changed.
  const show = (now) => {
    const before = exp;
    exp = now;
    fill(factsArea, facts(exp));
    fill(progressArea, progress(exp));
    if (log && (before.pendingDeliveries !== exp.pendingDeliveries || before.cursor !== exp.cursor))
      void log.reload().catch(() => undefined);
    clearTimeout(follow);
    const waitMs = running(exp) ? FOLLOW_MS : exp.pendingDeliveries > 0 ? PENDING_MS : null;
    if (waitMs !== null && !signal.aborted) {
      follow = setTimeout(() => {
        apiGet(apiPaths.export(exp.id), { signal })
          .then(show)
          .catch((error) => {
            if (error.name !== 'AbortError') fill(progressArea, errorBox(error.message));
          });
      }, waitMs);
    }
  };
  signal.addEventListener('abort', () => clearTimeout(follow));

  const resume = exp.state !== 'active';
  const pause = h('button', { type: 'button', class: 'secondary' }, resume ? 'Resume' : 'Pause');
  const pauseNote = guard(pause, refusal(me, 'update', 'manage_settings'));
  pause.addEventListener('click', async () => {
    pause.disabled = true;
    try {
      const now = await apiSend('PATCH', apiPaths.export(exp.id), { active: resume });
      goWithMessage(here, `${now.name} is ${now.state}.`);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      fill(said, errorBox(`${resume ? 'Resume' : 'Pause'} refused: ${error.message}`));
      pause.disabled = false;
    }
  });
  const cannotEdit = refusal(me, 'update', 'manage_settings');
  let edit;
  if (cannotEdit) {
    const button = h('button', { type: 'button', class: 'secondary' }, 'Edit');
    edit = [button, guard(button, cannotEdit)];
  } else {
    edit = h('a', { href: links.editExport(exp.id), class: 'button' }, 'Edit');
  }
  const remove = h('button', { type: 'button', class: 'secondary' }, 'Delete');
  const removeNote = guard(remove, refusal(me, 'delete', 'manage_settings'));
  remove.addEventListener('click', async () => {
    if (
      !window.confirm(`Delete the export "${exp.name}" and its delivery log? Nothing more is sent.`)
    )
      return;
    try {
      await apiSend('DELETE', apiPaths.export(exp.id));
      goWithMessage(links.exports(), `Deleted ${exp.name}.`);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      fill(said, errorBox(`Delete refused: ${error.message}`));
    }
  });
  log = deliveryLog(exp, route.status, {
    signal,
    me,
    onRefresh: async () => show(await apiGet(apiPaths.export(exp.id), { signal })),
  });
  container.append(
    h('h1', {}, exp.name),
    said,
    h('div', { class: 'actions' }, edit, pause, pauseNote, remove, removeNote),
    factsArea,
    progressArea,
    h(
      'div',
      { class: 'export-actions' },
      testPing(exp, me),
      rotateSecret(exp, me, show),
      resync(exp, me, show),
      replay(exp, me, show),
    ),
    log.section,
  );
  show(exp);
  await log.load();
}
