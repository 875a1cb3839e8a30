/**
 * Sends a lane's deliveries in their order: delivery n+1 only after delivery n got a 2xx, so a
 * receiver never gets an item's older version after a newer one. Every attempt is recorded on
 * the delivery; a failure waits out the retry schedule (or the receiver's `Retry-After`), a
 * `410 Gone` disables the export, and so do failures only for too long. Behaviour:
 * docs/export.md#deliveries.
 */
import type { DeliveryAttempt } from './delivery/delivery-attempt';
import type { DeliveryClient } from './delivery/delivery-client';
import { deliveryIdOf, KEPT_ATTEMPTS, type DeliveryDocument } from './delivery/delivery-record';
import type { DocumentUpdates } from '../mongo/document-updates';
import type { ExportCollections } from './export-collections';
import { signingSecrets, type ExportDocument } from './export-record';
import { retryDelayMs } from './send/retry-schedule';

/** How long a send waits for deliveries a dispatch is writing. */
const FORMING_WAIT_MS = 200;
/**
 * A send job writes its lane's count after this many deliveries or this long, and when it stops:
 * the delivery's own success (its status) is what counts, the lane's count only says where to
 * look first.
 */
const COUNT_EVERY = 10;
const COUNT_EVERY_MS = 1_000;
const DAY_MS = 24 * 3600 * 1000;

export interface SenderOptions {
  retryDelaysMs: readonly number[];
  disableAfterMs: number;
  /** How long a delivery that succeeded stays in the log (EXPORT_DELIVERY_LOG_DAYS). */
  logDays: number;
  now?: () => Date;
  /** Told of every attempt, for the metrics. */
  observe?: (attempt: DeliveryAttempt, delivery: DeliveryDocument) => void;
}

/** What a send step came to: sent one (go on), nothing to send, or wait until a time. */
export type SendStep = { kind: 'sent' } | { kind: 'idle' } | { kind: 'wait'; until: Date };

/**
 * How far one send job got in its lane: deliveries up to `sent` were answered with a 2xx (and
 * recorded so on each delivery); the lane's count holds `counted` of them.
 */
export interface LaneProgress {
  sent: number;
  counted: number;
  countedAt: number;
}

export const newLaneProgress = (): LaneProgress => ({ sent: 0, counted: 0, countedAt: Date.now() });

export class ExportSender {
  private readonly now: () => Date;

  constructor(
    private readonly db: ExportCollections,
    private readonly documents: DocumentUpdates,
    private readonly client: DeliveryClient,
    private readonly options: SenderOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Sends the lane's next delivery once. `progress`: the send job's, across its steps; tell
   * `count` when the job stops.
   */
  async step(
    exportDocId: string,
    lane: number,
    progress: LaneProgress = newLaneProgress(),
  ): Promise<SendStep> {
    const exp = await this.db.exports.findOne({ _id: exportDocId });
    if (!exp || exp.state !== 'active') return { kind: 'idle' };
    const counters = exp.lanes[lane];
    const sent = Math.max(counters?.sent ?? 0, progress.sent);
    if (!counters || sent >= counters.formed) return { kind: 'idle' };
    const n = sent + 1;
    const delivery = await this.db.exportDeliveries.findOne({ _id: deliveryIdOf(exp.id, lane, n) });
    // Still being written by a dispatch: look again shortly (a dispatch that died leaves the
    // record too; the next dispatch, at the latest the sweep's, finishes it). Numbers the forming
    // found taken were written before it began.
    if (!delivery && exp.forming && n > (exp.forming.formedBefore[lane] ?? 0)) {
      return { kind: 'wait', until: new Date(Date.now() + FORMING_WAIT_MS) };
    }
    // Succeeded already: the lane's count can be behind (a send that died before writing it), so
    // pass over it; gone and not being formed, the retention removed it after it succeeded.
    if (!delivery || delivery.status === 'succeeded') {
      progress.sent = n;
      return { kind: 'sent' };
    }
    if (delivery.nextAttemptAt && delivery.nextAttemptAt > this.now()) {
      return { kind: 'wait', until: delivery.nextAttemptAt };
    }
    const attempt = await this.client.deliver({
      url: exp.url,
      webhookId: delivery._id,
      json: deliveryBody(exp.id, JSON.stringify(delivery.changes)),
      secrets: signingSecrets(exp, this.now()),
    });
    this.options.observe?.(attempt, delivery);
    if (!attempt.ok) {
      // The count first: a success counted later would end this run of failures.
      await this.count(exp._id, lane, progress);
      return this.failed(exp, delivery, attempt);
    }
    await this.succeeded(delivery, attempt);
    progress.sent = n;
    const due = Date.now() - progress.countedAt >= COUNT_EVERY_MS;
    if (due || progress.sent - progress.counted >= COUNT_EVERY) {
      await this.count(exp._id, lane, progress);
    }
    return { kind: 'sent' };
  }

  /** Writes the lane's count up to what the job sent. */
  async count(exportDocId: string, lane: number, progress: LaneProgress): Promise<void> {
    if (progress.sent > progress.counted) await this.advance(exportDocId, lane, progress.sent);
    progress.counted = progress.sent;
    progress.countedAt = Date.now();
  }

  /**
   * Marks the delivery succeeded, for the log: its changes go (the summary stays), and it expires
   * after the retention.
   */
  private async succeeded(delivery: DeliveryDocument, attempt: DeliveryAttempt): Promise<void> {
    const now = this.now();
    await this.documents.updateOne(
      this.db.exportDeliveries,
      { _id: delivery._id },
      {
        $set: {
          status: 'succeeded',
          changes: [],
          succeededAt: now,
          expiresAt: new Date(now.getTime() + this.options.logDays * DAY_MS),
          nextAttemptAt: null,
          attempts: [...delivery.attempts, attempt].slice(-KEPT_ATTEMPTS),
          attemptCount: delivery.attemptCount + 1,
        },
      },
    );
  }

  private async failed(
    exp: ExportDocument,
    delivery: DeliveryDocument,
    attempt: DeliveryAttempt,
  ): Promise<SendStep> {
    const now = this.now();
    const failures = delivery.attemptCount + 1;
    const until = new Date(
      now.getTime() + retryDelayMs(failures, attempt, this.options.retryDelaysMs),
    );
    await this.documents.updateOne(
      this.db.exportDeliveries,
      { _id: delivery._id },
      {
        $set: {
          status: 'failed',
          nextAttemptAt: until,
          attempts: [...delivery.attempts, attempt].slice(-KEPT_ATTEMPTS),
          attemptCount: failures,
        },
      },
    );
    if (attempt.status === 410) {
      await this.disable(exp, 'The receiver answered 410 Gone');
      return { kind: 'idle' };
    }
    const failingSince = exp.failingSince ?? now;
    if (!exp.failingSince) {
      await this.documents.updateOne(
        this.db.exports,
        { _id: exp._id, failingSince: null },
        { $set: { failingSince: now } },
      );
    }
    if (now.getTime() - failingSince.getTime() >= this.options.disableAfterMs) {
      await this.disable(exp, `Every delivery failed since ${failingSince.toISOString()}`);
      return { kind: 'idle' };
    }
    return { kind: 'wait', until };
  }

  /**
   * The lane's deliveries up to n are done: n+1 is next. Any success ends a run of failures. The
   * count only grows (`$max`): a send that finds it moved on already leaves it.
   */
  private async advance(exportDocId: string, lane: number, n: number): Promise<void> {
    await this.documents.updateOne(
      this.db.exports,
      { _id: exportDocId },
      { $max: { [`lanes.${lane}.sent`]: n }, $set: { failingSince: null } },
    );
  }

  private async disable(exp: ExportDocument, reason: string): Promise<void> {
    await this.documents.updateOne(
      this.db.exports,
      { _id: exp._id },
      { $set: { state: 'disabled', disabledReason: reason, updatedAt: this.now() } },
    );
  }
}

/** The body of a delivery, `{type, exportId, changes}`, around its changes' JSON text as stored. */
function deliveryBody(exportId: string, changesJson: string): string {
  return `{"type":"items.changed","exportId":${JSON.stringify(exportId)},"changes":${changesJson}}`;
}
