/**
 * What an operator does with an export beyond its settings: a test ping with the receiver's
 * answer, a new signing secret (shown once), a resync of every item, a replay from a change
 * number or a time. Each is disabled, with the reason, for a caller the API would refuse.
 */
/* global window */
import { apiSend, apiPaths, ApiError } from '../api-client.js';
import { guard, refusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { errorSummary, field, setFieldError, showFieldErrors } from '../forms.js';
import { formatDateTime, formatDuration, timeZone } from '../format.js';
import { errorBox } from '../views.js';
import { secretShownOnce } from './export-views.js';

function section(id, title, ...children) {
  return h(
    'section',
    { class: 'export-action', 'aria-labelledby': id },
    h('h2', { id }, title),
    ...children,
  );
}

/** Runs `act` on click with the button disabled meanwhile; a refusal is said in `out`. */
function onClick(button, out, what, act) {
  button.addEventListener('click', async () => {
    button.disabled = true;
    fill(out, h('p', { class: 'loading', role: 'status' }, `${what}…`));
    try {
      await act();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      fill(out, errorBox(`${what} refused: ${error.message}`));
    } finally {
      button.disabled = false;
    }
  });
}

export function testPing(exp, me) {
  const out = h('div', { 'aria-live': 'polite' });
  const button = h('button', { type: 'button' }, 'Send a test ping');
  const note = guard(button, refusal(me, 'create', 'manage_settings'));
  onClick(button, out, 'Sending a test ping', async () => {
    const answer = await apiSend('POST', apiPaths.exportAction(exp.id, 'test'));
    fill(
      out,
      h(
        'p',
        { role: 'status', class: answer.ok ? 'success' : 'error' },
        answer.ok ? 'The receiver accepted the ping: ' : 'The receiver did not accept the ping: ',
        answer.status === null ? 'no answer' : `HTTP ${answer.status}`,
        `, in ${formatDuration(answer.durationMs)}.`,
      ),
      answer.error ? h('p', { class: 'error-inline' }, `Error: ${answer.error}`) : null,
      answer.response
        ? [
            h('p', { class: 'muted' }, 'Its answer (first KiB):'),
            h('pre', { class: 'answer' }, answer.response),
          ]
        : null,
    );
  });
  return section(
    'export-test',
    'Test the receiver',
    h(
      'p',
      {},
      'Sends a signed {"type":"ping"} to the URL now, paused or not, and shows what came back.',
    ),
    h('div', { class: 'actions' }, button, note),
    out,
  );
}

export function rotateSecret(exp, me, refresh) {
  const out = h('div', { 'aria-live': 'polite' });
  const button = h('button', { type: 'button', class: 'secondary' }, 'Rotate the secret');
  const note = guard(button, refusal(me, 'create', 'manage_settings'));
  onClick(button, out, 'Rotating the secret', async () => {
    if (
      !window.confirm(
        `Make a new signing secret for "${exp.name}"? The old one keeps signing beside it for 24 hours.`,
      )
    ) {
      fill(out);
      return;
    }
    const rotated = await apiSend('POST', apiPaths.exportAction(exp.id, 'rotate-secret'));
    fill(out, secretShownOnce('A new secret was made.', rotated.secret));
    out.querySelector('input')?.focus();
    await refresh(rotated);
  });
  return section(
    'export-secret',
    'Signing secret',
    h(
      'p',
      {},
      'The secret is never shown again after it is made. A rotation makes a new one; the old one keeps signing beside it for 24 hours, so the receiver can switch without missing a delivery.',
    ),
    h('div', { class: 'actions' }, button, note),
    out,
  );
}

function notActive(exp, me) {
  if (exp.state !== 'active') return `The export is ${exp.state}: resume it first.`;
  return refusal(me, 'create', 'manage_settings');
}

export function resync(exp, me, refresh) {
  const out = h('div', { 'aria-live': 'polite' });
  const button = h('button', { type: 'button', class: 'secondary' }, 'Resync every item');
  const note = guard(button, notActive(exp, me));
  onClick(button, out, 'Starting a resync', async () => {
    if (
      !window.confirm(
        `Send every current item of ${exp.contentTypes.join(', ')} to the receiver once more?`,
      )
    ) {
      fill(out);
      return;
    }
    const started = await apiSend('POST', apiPaths.exportAction(exp.id, 'resync'));
    fill(out, h('p', { role: 'status', class: 'success' }, 'Resync started.'));
    await refresh(started);
  });
  return section(
    'export-resync',
    'Resync',
    h(
      'p',
      {},
      'Delivers every current item of the content types once more, as updated, in the background.',
    ),
    h('div', { class: 'actions' }, button, note),
    out,
  );
}

export function replay(exp, me, refresh) {
  const summary = errorSummary();
  const out = h('div', { 'aria-live': 'polite' });
  const since = field(
    'From a time',
    h('input', { type: 'datetime-local', name: 'since', step: 1 }),
    {
      hint: `The changes made at or after it, in your time zone (${timeZone()}).`,
    },
  );
  const fromSeq = field(
    'Or from a change, by its number in the change log',
    h('input', { type: 'number', name: 'fromSeq', min: 1, step: 1 }),
    {
      hint: 'The delivery log names the changes each delivery carried ("changes 12 to 15 of the change log").',
    },
  );
  const submit = h('button', { type: 'submit', class: 'secondary' }, 'Replay');
  const note = guard(submit, notActive(exp, me));
  const form = h(
    'form',
    { class: 'editor', novalidate: true, 'aria-label': 'Replay changes' },
    summary,
    since.wrap,
    fromSeq.wrap,
    h('div', { class: 'actions' }, submit, note),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    summary.hidden = true;
    setFieldError(fromSeq, null);
    setFieldError(since, null);
    const seq = fromSeq.control.value.trim();
    const time = since.control.value;
    if ((seq === '') === (time === '')) {
      setFieldError(since, 'Give a time or a change number, one of the two.');
      since.control.focus();
      return;
    }
    const body = seq !== '' ? { fromSeq: Number(seq) } : { since: new Date(time).toISOString() };
    const from = seq !== '' ? `change ${seq}` : formatDateTime(body.since);
    if (
      !window.confirm(`Send every change since ${from} to the receiver again, as new deliveries?`)
    )
      return;
    submit.disabled = true;
    try {
      const started = await apiSend('POST', apiPaths.exportAction(exp.id, 'replay'), body);
      fill(out, h('p', { role: 'status', class: 'success' }, 'Replay started.'));
      await refresh(started);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      const place = (key) => ({ fromSeq, since })[key.split('.')[0]] ?? null;
      showFieldErrors(summary, `Replay refused: ${error.message}`, error.fields, place);
      summary.focus();
    } finally {
      submit.disabled = false;
    }
  });
  return section(
    'export-replay',
    'Replay',
    h(
      'p',
      {},
      'Sends changes again, as new deliveries, from a time (or a change) up to now. A receiver keeps the highest version of an item.',
    ),
    form,
    out,
  );
}
