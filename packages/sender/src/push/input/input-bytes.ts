import { createReadStream } from 'node:fs';
import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ByteChunks } from './byte-chunks';

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** `-` is standard input; anything else is a file path. */
export const STDIN_SOURCE = '-';

/**
 * The input's text bytes: from the file or standard input, gunzipped when it starts with gzip's
 * magic bytes (whatever its name says), without a UTF-8 byte-order mark.
 */
export async function openInputBytes(
  source: string,
  stdin: NodeJS.ReadableStream,
): Promise<ByteChunks> {
  const raw = source === STDIN_SOURCE ? stdin : createReadStream(source);
  const stored = new ByteChunks(raw[Symbol.asyncIterator]());
  const text = (await stored.head(GZIP_MAGIC.length)).equals(GZIP_MAGIC)
    ? new ByteChunks(gunzipped(stored)[Symbol.asyncIterator]())
    : stored;
  if ((await text.head(UTF8_BOM.length)).equals(UTF8_BOM)) text.skip(UTF8_BOM.length);
  return text;
}

function gunzipped(compressed: ByteChunks): Readable {
  const gunzip = createGunzip();
  // pipeline hands a read error or a corrupt stream to gunzip, whose reader then throws it.
  pipeline(Readable.from(compressed.chunks()), gunzip, () => undefined);
  // Stopping early destroys gunzip, which must close the file even before pipeline read from it.
  gunzip.once('close', () => void compressed.close());
  return gunzip;
}
