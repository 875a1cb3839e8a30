/**
 * `--delete FILE`: the identifiers to delete, one a line, either as text or as NDJSON of strings,
 * numbers or `{"identifier": ...}` objects (what the errors file of a delete holds, `_push` and
 * all), cut into request bodies of the DELETE's shape, `{"identifiers": [...]}`, within the
 * service's limits (docs/api-behaviour.md: "Deleting items").
 */
import { readFile } from 'node:fs/promises';
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

export async function readIdentifiers(path: string): Promise<IdentifierLine[]> {
  const text = await readFile(path, 'utf8').catch((error: Error) => {
    throw new UsageError(`--delete ${path}: ${error.message}`);
  });
  const found: IdentifierLine[] = [];
  text.split('\n').forEach((raw, at) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    found.push({ identifier: identifierOf(line, path, at + 1), position: at + 1 });
  });
  return found;
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

export function deleteBatches(lines: readonly IdentifierLine[], limits: Limits): DeleteBatch[] {
  const batches: DeleteBatch[] = [];
  let current: IdentifierLine[] = [];
  let bytes = ENVELOPE_BYTES;
  const close = () => {
    if (current.length === 0) return;
    const body = Buffer.from(
      JSON.stringify({ identifiers: current.map((line) => line.identifier) }),
    );
    batches.push({ index: batches.length, lines: current, body });
    current = [];
    bytes = ENVELOPE_BYTES;
  };
  for (const line of lines) {
    const size = Buffer.byteLength(JSON.stringify(line.identifier)) + 1;
    if (ENVELOPE_BYTES + size > limits.maxBodyBytes) {
      throw new UsageError(
        `--delete: the identifier on line ${line.position} is larger than a request may be`,
      );
    }
    if (current.length >= limits.maxItems || bytes + size > limits.maxBodyBytes) close();
    current.push(line);
    bytes += size;
  }
  close();
  return batches;
}
