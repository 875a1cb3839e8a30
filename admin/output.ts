/**
 * What a command prints on stdout: with --json one JSON document for a machine, otherwise lines
 * for a person. Nothing else goes to stdout.
 */
import type { CliOutput } from './cli-io';

export function emit(
  stdout: CliOutput,
  json: boolean,
  value: unknown,
  human: () => string[],
): void {
  const text = json ? JSON.stringify(value) : human().join('\n');
  stdout.write(`${text}\n`);
}

/** Aligned columns for list output. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
