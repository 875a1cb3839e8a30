const NEWLINE = 0x0a;

/**
 * The lines of a UTF-8 byte stream, without their `\n` or `\r\n`, numbered from 1. Split on
 * bytes (a newline byte never occurs inside a UTF-8 character) and only a line's own bytes are
 * held, so memory follows the longest line, not the file.
 */
export async function* textLines(
  chunks: AsyncIterable<Buffer>,
): AsyncGenerator<{ text: string; number: number }> {
  let partial: Buffer[] = [];
  let number = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      partial.push(chunk.subarray(start, end));
      number += 1;
      yield { text: decodeLine(partial), number };
      partial = [];
      start = end + 1;
    }
    if (start < chunk.length) partial.push(chunk.subarray(start));
  }
  if (partial.length > 0) yield { text: decodeLine(partial), number: number + 1 };
}

function decodeLine(pieces: Buffer[]): string {
  const text = (pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces)).toString();
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}
