/**
 * A small line chart as inline SVG, drawn from plain numbers: for each series a polyline and a dot
 * (with a tooltip title) at each non-zero point, a zero line, the largest value, and the first and
 * last time as labels. Sizes are viewBox units; CSS scales the chart to the width there is.
 */
import { svg } from '../dom.js';
import { count, formatNumber } from '../format.js';

const WIDTH = 480;
const HEIGHT = 180;
const PAD = { top: 14, right: 12, bottom: 30, left: 44 };

/**
 * `labels`: one per point (x). `series`: `[{ key, unit, className, values }]`, values one per
 * point. `id` names the chart's <title> for aria-labelledby.
 */
export function lineChart({ id, title, labels, series }) {
  const points = labels.length;
  const largest = Math.max(1, ...series.flatMap((line) => line.values));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (i) => PAD.left + (points === 1 ? plotWidth / 2 : (i * plotWidth) / (points - 1));
  const y = (value) => PAD.top + plotHeight - (value / largest) * plotHeight;
  const round = (value) => Math.round(value * 10) / 10;

  const drawSeries = ({ key, unit, className, values }) =>
    svg(
      'g',
      { class: `series ${className}` },
      points > 1 &&
        svg('polyline', {
          class: 'line',
          points: values.map((value, i) => `${round(x(i))},${round(y(value))}`).join(' '),
        }),
      values.map(
        (value, i) =>
          value > 0 &&
          svg(
            'circle',
            {
              class: 'point',
              cx: round(x(i)),
              cy: round(y(value)),
              r: 4,
              'data-series': key,
              'data-value': value,
            },
            svg('title', {}, `${labels[i]}: ${count(value, unit)}`),
          ),
      ),
    );

  return svg(
    'svg',
    {
      class: 'chart',
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      role: 'img',
      'aria-labelledby': `${id}-title`,
    },
    svg('title', { id: `${id}-title` }, title),
    svg('line', {
      class: 'grid',
      x1: PAD.left,
      x2: WIDTH - PAD.right,
      y1: y(largest),
      y2: y(largest),
    }),
    svg('line', { class: 'axis', x1: PAD.left, x2: WIDTH - PAD.right, y1: y(0), y2: y(0) }),
    svg(
      'text',
      { class: 'tick tick-y', x: PAD.left - 6, y: y(largest) + 4 },
      formatNumber(largest),
    ),
    svg('text', { class: 'tick tick-y', x: PAD.left - 6, y: y(0) + 4 }, '0'),
    svg(
      'text',
      { class: points === 1 ? 'tick tick-middle' : 'tick tick-start', x: x(0), y: HEIGHT - 8 },
      labels[0],
    ),
    points > 1 &&
      svg('text', { class: 'tick tick-end', x: x(points - 1), y: HEIGHT - 8 }, labels[points - 1]),
    series.map(drawSeries),
  );
}
