/**
 * "Retry every failed delivery since …": after a receiver's outage, one action sends again each
 * delivery that failed and was made at or after a time, instead of one Retry per row. The log is
 * read newest first, so the reading stops at the first delivery older than the time.
 */
import { apiGet, apiPaths, apiSend, ApiError } from '../api-client.js';
import { guard, refusal } from '../capabilities.js';
import { fill, h } from '../dom.js';
import { count, formatDateTime, timeZone } from '../format.js';
import { field } from '../forms.js';
import { errorBox } from '../views.js';

const PAGE = 100;

/** The failed deliveries made at or after `since` (an ISO time), newest first. */
async function failedSince(exportId, since, signal) {
  const found = [];
  let cursor = null;
  do {
    const page = await apiGet(apiPaths.deliveries(exportId), {
      query: { status: 'failed', limit: PAGE, cursor },
      signal,
    });
    const recent = page.items.filter((delivery) => delivery.createdAt >= since);
    found.push(...recent);
    if (recent.length < page.items.length) break;
    cursor = page.nextCursor;
  } while (cursor !== null);
  return found;
}

export function retryFailedSince(exp, me, { signal, onRetried }) {
  const since = field(
    'Retry every failed delivery since',
    h('input', { type: 'datetime-local', name: 'failedSince', step: 1 }),
    { hint: `In your time zone (${timeZone()}).` },
  );
  const button = h('button', { type: 'button', class: 'secondary' }, 'Retry them');
  const cannot =
    exp.state !== 'active'
      ? `The export is ${exp.state}: resume it to send.`
      : refusal(me, 'create', 'manage_settings');
  const note = guard(button, cannot);
  const out = h('div', { 'aria-live': 'polite' });
  button.addEventListener('click', async () => {
    const typed = since.control.value;
    if (!typed) return fill(out, errorBox('Give the time the failures started.'));
    const from = new Date(typed).toISOString();
    button.disabled = true;
    try {
      const failed = await failedSince(exp.id, from, signal);
      for (const delivery of failed)
        await apiSend('POST', apiPaths.retryDelivery(exp.id, delivery.id), undefined, { signal });
      fill(
        out,
        h(
          'p',
          { role: 'status', class: 'success' },
          failed.length === 0
            ? `No delivery failed since ${formatDateTime(from)}.`
            : `${count(failed.length, 'failed delivery', 'failed deliveries')} since ${formatDateTime(from)} queued to send now.`,
        ),
      );
      await onRetried?.();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 401) throw error;
      fill(out, errorBox(`Retry refused: ${error.message}`));
    } finally {
      button.disabled = false;
    }
  });
  return h(
    'div',
    { class: 'retry-failed' },
    since.wrap,
    h('div', { class: 'actions' }, button, note),
    out,
  );
}
