/**
 * `--errors FILE`: each failed row as NDJSON, the row as read plus `_push` saying where it was
 * and what the service said. The input reader drops `_push`, so the fixed file is a valid input
 * for the next push. A resumed run appends: the rows of batches answered before are in it.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';

export interface ErrorsFile {
  write(
    record: Record<string, unknown>,
    position: number,
    errors: Record<string, string>,
    extra?: { note?: string; raw?: string },
  ): void;
  close(): Promise<void>;
}

export function openErrorsFile(path: string, append: boolean): ErrorsFile {
  const stream: WriteStream = createWriteStream(path, { flags: append ? 'a' : 'w' });
  let failure: Error | undefined;
  stream.on('error', (error) => (failure ??= error));
  return {
    write(record, position, errors, extra) {
      const push = { position, errors, ...extra };
      stream.write(JSON.stringify({ ...record, _push: push }) + '\n');
    },
    async close() {
      if (!failure) {
        stream.end();
        await once(stream, 'finish').catch(() => undefined);
      }
      if (failure) throw new Error(`--errors ${path}: ${failure.message}`);
    },
  };
}
