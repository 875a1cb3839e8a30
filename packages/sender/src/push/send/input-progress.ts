import type { Batch } from '../push-types';

/**
 * How far through the input a run is: the bytes of the bodies answered, or skipped because a
 * checkpoint says they were, over the input's size. The bodies are the rows serialised again,
 * so this holds for uncompressed JSON and NDJSON; other inputs show no fraction.
 */
export class InputProgress {
  private settledBytes = 0;

  /** `inputBytes`: the file's size when its bytes are the rows' JSON, undefined otherwise. */
  constructor(private readonly inputBytes: number | undefined) {}

  settled(batch: Batch): void {
    this.settledBytes += batch.body.length;
  }

  /** Below 1 until the run ends: re-serialised rows may not add up to the file's bytes. */
  fraction(): number | undefined {
    if (!this.inputBytes) return undefined;
    return Math.min(0.99, this.settledBytes / this.inputBytes);
  }
}
