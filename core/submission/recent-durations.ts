/**
 * The median of the last few durations measured: what a job usually takes here now. A median,
 * not a mean, so that one job that took minutes (a worker died under it) does not move it.
 */
const KEPT = 16;

export class RecentDurations {
  private readonly kept: number[] = [];
  private next = 0;

  add(ms: number): void {
    this.kept[this.next] = ms;
    this.next = (this.next + 1) % KEPT;
  }

  /** Undefined before the first duration. */
  median(): number | undefined {
    if (this.kept.length === 0) return undefined;
    const sorted = [...this.kept].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  }
}
