/**
 * The history page's chart: requests (and how many of them failed) and items over time, from the
 * history entries the page has loaded, so that it follows the filters and grows with "Load more".
 * Dry runs are requests, but never failures: they wrote nothing.
 */
import { h } from '../dom.js';
import { count, formatDateTime, formatTime } from '../format.js';
import { lineChart } from './line-chart.js';
import { countsAsRun, failedRun } from '../activity.js';
import { describeStep, timeBuckets } from './time-buckets.js';

function legend(entries) {
  return h(
    'ul',
    { class: 'legend' },
    entries.map(([className, name]) =>
      h('li', {}, h('span', { class: `swatch ${className}`, 'aria-hidden': 'true' }), name),
    ),
  );
}

/** Times alone when every point falls on one day (the summary names it), else dates too. */
function pointLabels(dates) {
  const oneDay = dates.every((date) => date.toDateString() === dates[0].toDateString());
  return dates.map((date) => (oneDay ? formatTime(date) : formatDateTime(date.toISOString())));
}

export function requestsChart(entries) {
  const { step, buckets } = timeBuckets(entries);
  if (buckets.length === 0) return h('p', { class: 'muted' }, 'No requests to chart.');
  const labels = pointLabels(buckets.map((bucket) => new Date(bucket.start)));
  const values = (key) => buckets.map((bucket) => bucket[key]);
  const failed = entries.filter(failedRun).length;
  const dryRuns = entries.filter((entry) => !countsAsRun(entry)).length;
  const items = entries.reduce((sum, entry) => sum + entry.itemCount, 0);
  const summary =
    `${count(entries.length, 'request')} (${failed} failed` +
    `${dryRuns > 0 ? `; ${count(dryRuns, 'dry run')}, not counted as failures` : ''}) ` +
    `and ${count(items, 'item')}, ` +
    `in steps of ${describeStep(step)}, from ${formatDateTime(entries.at(-1).receivedAt)}.`;

  return h(
    'figure',
    { class: 'chart-figure' },
    h('figcaption', {}, summary),
    h(
      'div',
      { class: 'chart-panels' },
      h(
        'div',
        { class: 'chart-panel' },
        h('h3', {}, 'Requests'),
        lineChart({
          id: 'chart-requests',
          title: `Requests over time: ${summary}`,
          labels,
          series: [
            {
              key: 'requests',
              unit: 'request',
              className: 'series-requests',
              values: values('requests'),
            },
            {
              key: 'failed',
              unit: 'failed request',
              className: 'series-failed',
              values: values('failed'),
            },
          ],
        }),
        legend([
          ['series-requests', 'All requests'],
          ['series-failed', 'Failed (status error, dry runs left out)'],
        ]),
      ),
      h(
        'div',
        { class: 'chart-panel' },
        h('h3', {}, 'Items'),
        lineChart({
          id: 'chart-items',
          title: `Items over time: ${count(items, 'item')}`,
          labels,
          series: [
            { key: 'items', unit: 'item', className: 'series-items', values: values('items') },
          ],
        }),
        legend([['series-items', 'Items in the requests']]),
      ),
    ),
  );
}
