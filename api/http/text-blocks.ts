/**
 * Short texts joined into blocks of about `bytes` before they are written: one write per line
 * would cost a write (and a gzip flush) per line, while a block is held only until it is full.
 */
export async function* textBlocks(
  texts: AsyncIterable<string>,
  bytes = 64 * 1024,
): AsyncGenerator<string> {
  let block: string[] = [];
  let length = 0;
  for await (const text of texts) {
    block.push(text);
    length += text.length;
    if (length >= bytes) {
      yield block.join('');
      block = [];
      length = 0;
    }
  }
  if (block.length > 0) yield block.join('');
}
