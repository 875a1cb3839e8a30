/**
 * The `funnel` label values of the metrics, bounded: each value adds a few dozen series, so at
 * most `max` funnels (tenant/endpoint) get a value of their own per process, in the order this
 * process first counted them; later ones share `other`. A request whose funnel is not known to
 * exist (refused before it was looked up, or no such funnel) is `unknown`. A real value always
 * holds a "/", so it never meets the two fixed ones.
 */
const UNKNOWN_FUNNEL = 'unknown';
const OTHER_FUNNELS = 'other';

export class FunnelLabels {
  private readonly admitted = new Set<string>();

  constructor(private readonly max: number) {}

  /** The label of a funnel known to exist: its own while there is room, else `other`. */
  ofExisting(funnel: string): string {
    if (this.admitted.has(funnel)) return funnel;
    if (this.admitted.size >= this.max) return OTHER_FUNNELS;
    this.admitted.add(funnel);
    return funnel;
  }

  /**
   * The label of a funnel not looked up: its own if it was counted as existing before, so that a
   * refusal of a funnel in use is seen with it; else `unknown` (no value is added).
   */
  ofUnchecked(funnel: string | undefined): string {
    return funnel !== undefined && this.admitted.has(funnel) ? funnel : UNKNOWN_FUNNEL;
  }
}
