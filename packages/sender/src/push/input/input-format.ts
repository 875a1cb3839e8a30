export type InputFormat = 'json' | 'ndjson' | 'csv';

const BY_EXTENSION: Record<string, InputFormat> = {
  '.json': 'json',
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.csv': 'csv',
};

/** The format a file's name says, `.gz` aside; undefined when it says none. */
export function formatFromName(path: string): InputFormat | undefined {
  const name = path.toLowerCase().replace(/\.gz$/, '');
  const extension = /\.[a-z]+$/.exec(name)?.[0];
  return extension === undefined ? undefined : BY_EXTENSION[extension];
}

/** A JSON array starts with `[`, NDJSON with its first object's `{`; nothing else is guessed. */
export function formatFromFirstByte(byte: number): InputFormat | undefined {
  if (byte === 0x5b) return 'json';
  if (byte === 0x7b) return 'ndjson';
  return undefined;
}
