/**
 * `--delete FILE`: the identifiers to delete, one a line, either as text or as NDJSON of strings,
 * numbers or `{"identifier": ...}` objects (what the errors file of a delete holds, `_push` and
 * all), cut into request bodies of the DELETE's shape, `{"identifiers": [...]}`, within the
 * service's limits (docs/api-behaviour.md: "Deleting items").
 */
import { openInputBytes, STDIN_SOURCE } from '../input/input-bytes';
import { textLines } from '../input/text-lines';
import type { Limits } from '../push-types';
import { UsageError } from './push-errors';

type Identifier = string | number;

export interface IdentifierLine {
  identifier: Identifier;
  /** The line, from 1. */
  position: number;
}

export interface DeleteBatch {
  index: number;
  lines: IdentifierLine[];
  body: Buffer;
}

/**
 * The file's identifiers, one line at a time (gzip read as is), so memory follows a line, not
 * the file. A line that is no identifier throws a UsageError.
 */
export async function* readIdentifiers(path: string): AsyncGenerator<IdentifierLine> {
  if (path === STDIN_SOURCE) {
    throw new UsageError('--delete reads a file: standard input cannot be checked before deleting');
  }
  const bytes = await openInputBytes(path, process.stdin).catch((error: Error) => {
    throw new UsageError(`--delete ${path}: ${error.message}`);
  });
  try {
    for await (const { text, number } of textLines(bytes.chunks())) {
      if (text.trim() !== '')
        yield { identifier: identifierOf(text, path, number), position: number };
    }
  } finally {
    await bytes.close();
  }
}

/** Reads the whole file once, so that a bad line stops the run before anything is deleted. */
export async function checkDeleteFile(path: string, limits: Limits): Promise<void> {
  for await (const _ of deleteBatches(readIdentifiers(path), limits));
}

function identifierOf(line: string, path: string, lineNumber: number): Identifier {
  const start = line.trimStart()[0];
  if (start !== '"' && start !== '{') return line;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new UsageError(`--delete ${path}: line ${lineNumber} is not valid JSON`);
  }
  if (value && typeof value === 'object' && 'identifier' in value) {
    value = value.identifier;
  }
  if (typeof value === 'string' || typeof value === 'number') return value;
  throw new UsageError(
    `--delete ${path}: line ${lineNumber} is neither an identifier nor {"identifier": ...}`,
  );
}

const ENVELOPE_BYTES = Buffer.byteLength('{"identifiers":[]}');

export async function* deleteBatches(
  lines: AsyncIterable<IdentifierLine>,
  limits: Limits,
): AsyncGenerator<DeleteBatch> {
  let index = 0;
  let current: IdentifierLine[] = [];
  let bytes = ENVELOPE_BYTES;
  const cut = (): DeleteBatch => {
    const identifiers = current.map((line) => line.identifier);
    const batch = {
      index: index++,
      lines: current,
      body: Buffer.from(JSON.stringify({ identifiers })),
    };
    current = [];
    bytes = ENVELOPE_BYTES;
    return batch;
  };
  for await (const line of lines) {
    const size = Buffer.byteLength(JSON.stringify(line.identifier)) + 1;
    if (ENVELOPE_BYTES + size > limits.maxBodyBytes) {
      throw new UsageError(
        `--delete: the identifier on line ${line.position} is larger than a request may be`,
      );
    }
    if (current.length >= limits.maxItems || bytes + size > limits.maxBodyBytes) yield cut();
    current.push(line);
    bytes += size;
  }
  if (current.length > 0) yield cut();
}
