/**
 * What an editor shows when its save was refused because someone else changed the resource since
 * it was opened (a 412, docs/settings.md#versions): reload to see their version, or overwrite it
 * with this one, knowingly, against the version the refusal named.
 */
/* global window */
import { fill, h } from './dom.js';

/**
 * Fills `summary` with the notice; `overwrite(etag)` saves again against the version now
 * stored. `what`: "content type", "funnel", "export".
 */
export function showChangedMeanwhile(summary, what, error, overwrite) {
  const reload = h('button', { type: 'button', class: 'secondary' }, 'Reload');
  reload.addEventListener('click', () => window.location.reload());
  const replace = h('button', { type: 'button' }, `Overwrite with mine`);
  replace.addEventListener('click', () => overwrite(error.etag));
  fill(
    summary,
    h(
      'p',
      {},
      `Someone else changed this ${what} since you opened it. Reload to see their version ` +
        '(your changes here are lost), or overwrite theirs with yours.',
    ),
    h('div', { class: 'actions' }, reload, error.etag ? replace : null),
  );
  summary.hidden = false;
  summary.focus?.();
}
