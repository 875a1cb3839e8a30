const FIRST_CAPACITY = 64 * 1024;

/**
 * Bytes appended one piece at a time into one buffer that doubles when full: a request body is
 * built from its rows' JSON without holding each row's text until the body is cut, so the texts
 * die young and the heap does not grow with the requests in flight.
 */
export class GrowingBuffer {
  private buffer = Buffer.allocUnsafe(FIRST_CAPACITY);
  private used = 0;

  get length(): number {
    return this.used;
  }

  /** Appends `text` as UTF-8; `bytes` is its byte length, which the caller has measured. */
  append(text: string, bytes: number): void {
    if (this.used + bytes > this.buffer.length) this.grow(this.used + bytes);
    this.used += this.buffer.write(text, this.used, bytes, 'utf8');
  }

  /** A copy of exactly the bytes appended; the builder starts empty again. */
  take(): Buffer {
    const bytes = Buffer.from(this.buffer.subarray(0, this.used));
    this.used = 0;
    return bytes;
  }

  private grow(needed: number): void {
    let capacity = this.buffer.length * 2;
    while (capacity < needed) capacity *= 2;
    const larger = Buffer.allocUnsafe(capacity);
    this.buffer.copy(larger, 0, 0, this.used);
    this.buffer = larger;
  }
}
