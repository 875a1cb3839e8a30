/**
 * The export's metrics on the worker's /metrics: delivery attempts by outcome, their latency,
 * and per export the age of its oldest change not yet delivered. The lag series are few by
 * construction: the exports with the largest lag only, the rest summed up as "other".
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { DeliveryAttempt } from '../../core/export/delivery/delivery-attempt';
import type { DeliveryDocument } from '../../core/export/delivery/delivery-record';
import type { ExportLag } from '../../core/export/export-lag';

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Exports with a lag series of their own; the next ones share `export="other"`. */
const MAX_LAG_SERIES = 20;
/** A scrape reads the lags at most this often. */
const LAG_CACHE_MS = 5_000;

type Outcome = 'succeeded' | 'failed' | 'refused' | 'timeout' | 'gone';

function outcomeOf(attempt: DeliveryAttempt): Outcome {
  if (attempt.ok) return 'succeeded';
  if (attempt.status === 410) return 'gone';
  if (attempt.status !== undefined) return 'failed';
  if (attempt.error?.startsWith('No answer within')) return 'timeout';
  if (attempt.error && /refused|may not reach|resolve/i.test(attempt.error)) return 'refused';
  return 'failed';
}

export class ExportMetrics {
  private readonly attempts: Counter<'outcome'>;
  private readonly changes: Counter;
  private readonly latency: Histogram<'outcome'>;
  private lagRead: { at: number; lags: Promise<Map<string, number>> } | undefined;

  constructor(registry: Registry, lag?: ExportLag) {
    const registers = [registry];
    this.attempts = new Counter({
      name: 'funnel_sync_export_deliveries_total',
      help: 'Export delivery attempts, by outcome (succeeded, failed, timeout, refused, gone)',
      labelNames: ['outcome'],
      registers,
    });
    this.changes = new Counter({
      name: 'funnel_sync_export_changes_delivered_total',
      help: 'Changes in export deliveries that a receiver answered with a 2xx',
      registers,
    });
    this.latency = new Histogram({
      name: 'funnel_sync_export_delivery_seconds',
      help: 'Time from the start of an export delivery attempt to its answer, by outcome',
      labelNames: ['outcome'],
      buckets: SECONDS_BUCKETS,
      registers,
    });
    if (!lag) return;
    const read = () => this.lags(lag);
    new Gauge({
      name: 'funnel_sync_export_lag_seconds',
      help: 'Per export, the age of its oldest change not yet delivered (0: none waiting)',
      labelNames: ['export'],
      registers,
      async collect() {
        this.reset();
        const lags = await read();
        const sorted = [...lags.entries()].sort((a, b) => b[1] - a[1]);
        let other = 0;
        sorted.forEach(([name, seconds], i) => {
          if (i < MAX_LAG_SERIES) this.set({ export: name }, seconds);
          else other = Math.max(other, seconds);
        });
        if (sorted.length > MAX_LAG_SERIES) this.set({ export: 'other' }, other);
      },
    });
  }

  attempted(attempt: DeliveryAttempt, delivery: DeliveryDocument): void {
    const outcome = outcomeOf(attempt);
    this.attempts.inc({ outcome });
    this.latency.observe({ outcome }, attempt.durationMs / 1000);
    if (attempt.ok) this.changes.inc(delivery.changeCount);
  }

  private lags(lag: ExportLag): Promise<Map<string, number>> {
    const now = Date.now();
    if (!this.lagRead || now - this.lagRead.at > LAG_CACHE_MS) {
      const lags = lag.read(new Date(now)).catch(() => new Map<string, number>());
      this.lagRead = { at: now, lags };
    }
    return this.lagRead.lags;
  }
}
