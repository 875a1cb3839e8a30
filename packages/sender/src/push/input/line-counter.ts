const NEWLINE = 0x0a;

/**
 * Line numbers of byte offsets in a stream a parser reads behind: fed each chunk before the
 * parser gets it, asked about offsets that only grow, it holds just the chunks in between.
 */
export class LineCounter {
  private readonly chunks: Buffer[] = [];
  /** Where the first held chunk starts, and how many newlines come before it. */
  private heldStart = 0;
  private newlinesBefore = 0;

  feed(chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  /** The line, from 1, that the byte at `offset` is on. */
  lineAt(offset: number): number {
    for (let first = this.chunks[0]; first; first = this.chunks[0]) {
      if (this.heldStart + first.length > offset) {
        return 1 + this.newlinesBefore + countNewlines(first.subarray(0, offset - this.heldStart));
      }
      this.newlinesBefore += countNewlines(first);
      this.heldStart += first.length;
      this.chunks.shift();
    }
    return 1 + this.newlinesBefore;
  }
}

function countNewlines(bytes: Buffer): number {
  let count = 0;
  for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) count += 1;
  return count;
}
