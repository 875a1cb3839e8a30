/**
 * A port setting that is one TCP port (`9464`), a range of them (`9464-9479`), or `0` for none.
 * A range lets several processes on one host share a setting: each takes the first free port.
 */
export interface PortRange {
  first: number;
  last: number;
}

const HIGHEST_PORT = 65_535;

/** The range `text` names, 'off' for `0`, or undefined when it is neither. */
export function parsePortRange(text: string): PortRange | 'off' | undefined {
  const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(text.trim());
  if (!match) return undefined;
  const first = Number(match[1]);
  const last = match[2] === undefined ? first : Number(match[2]);
  if (first === 0 && match[2] === undefined) return 'off';
  if (first < 1 || last > HIGHEST_PORT || first > last) return undefined;
  return { first, last };
}

/** As the setting is written: `9464` or `9464-9479`. */
export function formatPortRange({ first, last }: PortRange): string {
  return first === last ? String(first) : `${first}-${last}`;
}
