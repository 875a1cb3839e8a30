/** The table's columns, one cell a row's field: the same in the terminal and on the page. */
import type { Row } from '../scenarios/scenario';

export const HEADER = ['scenario', 'figure', 'ours', 'reference', 'result', 'goal', 'met'];

export function cells(row: Row): string[] {
  const met = row.pass === undefined ? '' : row.pass ? 'yes' : 'NO';
  return [row.scenario, row.figure, row.ours, row.reference, row.result, row.goal ?? '', met];
}

/** Aligned columns for the terminal. */
export function textTable(rows: readonly Row[]): string {
  const lines = [HEADER, ...rows.map(cells)];
  const widths = HEADER.map((_, i) => Math.max(...lines.map((line) => (line[i] ?? '').length)));
  const shown = lines.map((line) =>
    line
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join(' | ')
      .trimEnd(),
  );
  shown.splice(1, 0, widths.map((width) => '-'.repeat(width)).join('-|-'));
  return shown.join('\n');
}
