/**
 * "Re-drive failed requests since …": once a mapping is fixed, one action sends again, through
 * the funnel's current settings, every request that failed since a time (the API's re-drive, run
 * by a worker). Its progress is followed until it ends; then its counts and a link to the
 * requests it sent (the history filtered by the re-drive) are shown.
 */
/* global setTimeout, clearTimeout */
import { apiGet, apiPaths, apiSend, ApiError } from '../api-client.js';
import { guard, refusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { count, formatDateTime, timeZone } from '../format.js';
import { checkbox, field } from '../forms.js';
import { links } from '../routes.js';
import { errorBox } from '../views.js';

const FOLLOW_MS = 1_000;
const ENDED = ['finished', 'failed', 'cancelled'];

/** What the re-drive has done so far, in words. */
function progressLine(funnel, redrive) {
  const skipped = redrive.skipped
    ? `, ${redrive.skipped} skipped (${redrive.skippedBy.gone} pruned, ${redrive.skippedBy['not-kept']} not kept)`
    : '';
  const counts =
    `${redrive.sent} of ${count(redrive.total, 'failed request')} sent: ` +
    `${redrive.succeeded} succeeded, ${redrive.partial} partly, ${redrive.failed} failed${skipped}`;
  const ended = ENDED.includes(redrive.state);
  return h(
    'p',
    {
      role: 'status',
      class: `redrive-progress ${redrive.state === 'finished' ? 'success' : ended ? 'error' : 'loading'}`,
      'data-state': redrive.state,
    },
    `Re-drive ${redrive.state}${redrive.dryRun ? ' (dry run)' : ''}. ${counts}.`,
    redrive.message ? ` ${redrive.message}` : '',
    ended
      ? [
          ' ',
          h(
            'a',
            { href: links.history(funnel, { redriveId: redrive.redriveId }) },
            'Open the re-driven requests',
          ),
        ]
      : null,
  );
}

export function redriveFailedSince(funnel, me, { signal, onEnded }) {
  const since = field(
    'Re-drive the failed requests received since',
    h('input', { type: 'datetime-local', name: 'redriveSince', step: 1 }),
    { hint: `In your time zone (${timeZone()}). Fix the mapping first.` },
  );
  const dryRun = checkbox('Dry run: validate and record each, write nothing', {
    name: 'redriveDryRun',
  });
  const button = h('button', { type: 'button', class: 'secondary' }, 'Re-drive failed requests');
  const note = guard(button, refusal(me, 'create', 'manage_funnels'));
  const out = h('div', { 'aria-live': 'polite' });
  let follow = null;
  signal.addEventListener('abort', () => clearTimeout(follow));

  const show = (redrive) => {
    fill(out, progressLine(funnel, redrive));
    if (ENDED.includes(redrive.state)) {
      button.disabled = false;
      void onEnded?.();
      return;
    }
    follow = setTimeout(() => {
      apiGet(apiPaths.redrive(funnel, redrive.redriveId), { signal })
        .then(show)
        .catch((error) => {
          button.disabled = false;
          if (error.name !== 'AbortError') fill(out, errorBox(error.message));
        });
    }, FOLLOW_MS);
  };

  button.addEventListener('click', async () => {
    const typed = since.control.value;
    if (!typed) return fill(out, errorBox('Give the time the failures started.'));
    const from = new Date(typed).toISOString();
    button.disabled = true;
    fill(
      out,
      h('p', { class: 'loading', role: 'status' }, `Re-driving since ${formatDateTime(from)}…`),
    );
    try {
      const body = { since: from, dryRun: dryRun.control.checked };
      show(await apiSend('POST', apiPaths.redrives(funnel), body, { signal }));
    } catch (error) {
      button.disabled = false;
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      fill(out, errorBox(`Re-drive refused: ${error.message}`));
    }
  });
  return h(
    'div',
    { class: 'retry-failed redrive' },
    since.wrap,
    dryRun.wrap,
    h('div', { class: 'actions' }, button, note),
    out,
  );
}
