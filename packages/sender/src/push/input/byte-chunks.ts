/**
 * The input's bytes as chunks that can be looked into before they are consumed: the gzip magic
 * and the first non-space byte decide how the rest is read, and nothing read to see them is lost.
 */
export class ByteChunks {
  private readonly held: Buffer[] = [];
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer | string>) {}

  /** The first `count` bytes (fewer if the input is shorter), without consuming them. */
  async head(count: number): Promise<Buffer> {
    while (this.heldLength() < count && (await this.holdNext()));
    return Buffer.concat(this.held).subarray(0, count);
  }

  /** The first byte that is not JSON whitespace, or undefined for an input of only whitespace. */
  async firstNonSpace(): Promise<number | undefined> {
    for (let index = 0; ; index += 1) {
      const chunk = this.held[index] ?? ((await this.holdNext()) ? this.held[index] : undefined);
      if (!chunk) return undefined;
      const found = chunk.find((byte) => !isJsonSpace(byte));
      if (found !== undefined) return found;
    }
  }

  /** Drops the first `count` bytes (a byte-order mark), once they have been seen with `head`. */
  skip(count: number): void {
    let left = count;
    while (left > 0 && this.held.length > 0) {
      const first = this.held.shift() as Buffer;
      if (first.length > left) this.held.unshift(first.subarray(left));
      left -= first.length;
    }
  }

  /** Every byte not skipped, the held ones first; to be iterated once. */
  async *chunks(): AsyncGenerator<Buffer> {
    try {
      while (this.held.length > 0) yield this.held.shift() as Buffer;
      while (!this.ended) {
        const next = await this.source.next();
        if (next.done) this.ended = true;
        else yield toBuffer(next.value);
      }
    } finally {
      await this.close();
    }
  }

  /** Lets go of the input (a stream's iterator destroys it), read to the end or not. */
  async close(): Promise<void> {
    this.ended = true;
    await this.source.return?.();
  }

  private heldLength(): number {
    return this.held.reduce((total, chunk) => total + chunk.length, 0);
  }

  private async holdNext(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.held.push(toBuffer(next.value));
    return true;
  }
}

export function isJsonSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

function toBuffer(chunk: Buffer | string): Buffer {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}
