/**
 * Ingestion first, where the database makes them take turns (FerretDB v1: one writer at a time,
 * and a dispatch's pass over the items holds a core for seconds). While funnel jobs run, a
 * dispatch stops between its steps, for up to DISPATCH_WAIT_MS in a row, and a send pauses
 * SEND_PAUSE_MS between deliveries: the export goes on, slower, and catches up once ingestion is
 * done (docs/export.md#deliveries).
 */
import type { Redis } from 'ioredis';
import { FUNNEL_QUEUE } from '../queue/queue-names';

export const DISPATCH_WAIT_MS = 3_000;
export const SEND_PAUSE_MS = 50;
/** How soon a dispatch that stepped aside looks again. */
export const DISPATCH_RECHECK_MS = 200;

export class IngestActivity {
  private readonly activeKey: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    // BullMQ keeps the jobs under way in this list.
    this.activeKey = `${prefix}:${FUNNEL_QUEUE}:active`;
  }

  async busy(): Promise<boolean> {
    return (await this.redis.llen(this.activeKey)) > 0;
  }
}
