/**
 * Sends a lane's deliveries in their order: delivery n+1 only after delivery n got a 2xx, so a
 * receiver never gets an item's older version after a newer one. Every attempt is recorded on
 * the delivery; a failure waits out the retry schedule (or the receiver's `Retry-After`), a
 * `410 Gone` disables the export, and so do failures only for too long. Behaviour:
 * docs/export.md#deliveries.
 */
import type { DeliveryAttempt } from './delivery-attempt';
import type { DeliveryClient } from './delivery-client';
import {
  changesJsonOf,
  deliveryIdOf,
  KEPT_ATTEMPTS,
  packChanges,
  type DeliveryDocument,
} from './delivery-record';
import type { ExportCollections } from './export-collections';
import { signingSecrets, type ExportDocument } from './export-record';
import { retryDelayMs } from './retry-schedule';

/** How long a send waits for deliveries a dispatch is writing. */
const FORMING_WAIT_MS = 200;

export interface SenderOptions {
  retryDelaysMs: readonly number[];
  disableAfterMs: number;
  now?: () => Date;
  /** Told of every attempt, for the metrics. */
  observe?: (attempt: DeliveryAttempt, delivery: DeliveryDocument) => void;
}

/**
 * What a send step came to: sent one (go on; `exp` is the export after it, for the next step, when
 * this step moved the lane on), nothing to send, or wait until a time.
 */
export type SendStep =
  { kind: 'sent'; exp: ExportDocument | null } | { kind: 'idle' } | { kind: 'wait'; until: Date };

export class ExportSender {
  private readonly now: () => Date;

  constructor(
    private readonly db: ExportCollections,
    private readonly client: DeliveryClient,
    private readonly options: SenderOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Sends the lane's next delivery once. `known`: the export as the previous step left it, which
   * saves reading it again.
   */
  async step(exportDocId: string, lane: number, known?: ExportDocument | null): Promise<SendStep> {
    const exp = known ?? (await this.db.exports.findOne({ _id: exportDocId }));
    if (!exp || exp.state !== 'active') return { kind: 'idle' };
    const counters = exp.lanes[lane];
    if (!counters || counters.sent >= counters.formed) return { kind: 'idle' };
    const n = counters.sent + 1;
    const delivery = await this.db.exportDeliveries.findOne({ _id: deliveryIdOf(exp.id, lane, n) });
    // Still being written by a dispatch: look again shortly (a dispatch that died leaves the
    // record too; the next dispatch, at the latest the sweep's, finishes it).
    if (!delivery) {
      return exp.forming
        ? { kind: 'wait', until: new Date(Date.now() + FORMING_WAIT_MS) }
        : { kind: 'idle' };
    }
    if (delivery.status === 'succeeded') {
      return { kind: 'sent', exp: await this.advance(exp, lane, n) };
    }
    if (delivery.nextAttemptAt && delivery.nextAttemptAt > this.now()) {
      return { kind: 'wait', until: delivery.nextAttemptAt };
    }
    const attempt = await this.client.deliver({
      url: exp.url,
      webhookId: delivery._id,
      json: deliveryBody(exp.id, changesJsonOf(delivery)),
      secrets: signingSecrets(exp, this.now()),
    });
    this.options.observe?.(attempt, delivery);
    return attempt.ok
      ? this.succeeded(exp, delivery, attempt)
      : this.failed(exp, delivery, attempt);
  }

  private async succeeded(
    exp: ExportDocument,
    delivery: DeliveryDocument,
    attempt: DeliveryAttempt,
  ): Promise<SendStep> {
    await this.db.exportDeliveries.updateOne(
      { _id: delivery._id },
      {
        $set: {
          status: 'succeeded',
          packedChanges: packChanges([]),
          succeededAt: this.now(),
          nextAttemptAt: null,
          attempts: [...delivery.attempts, attempt].slice(-KEPT_ATTEMPTS),
          attemptCount: delivery.attemptCount + 1,
        },
        $unset: { changes: '' },
      },
    );
    return { kind: 'sent', exp: await this.advance(exp, delivery.lane, delivery.n) };
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
    await this.db.exportDeliveries.updateOne(
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
      await this.db.exports.updateOne(
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
   * The lane's delivery n is done: n+1 is next. Any success ends a run of failures. Answers the
   * export after it. The count only grows (`$max`): a send that finds it moved on already leaves
   * it, and the filter is the `_id` alone, which FerretDB v1 finds without decoding documents.
   */
  private advance(exp: ExportDocument, lane: number, n: number): Promise<ExportDocument | null> {
    return this.db.exports.findOneAndUpdate(
      { _id: exp._id },
      { $max: { [`lanes.${lane}.sent`]: n }, $set: { failingSince: null } },
      { returnDocument: 'after' },
    );
  }

  private async disable(exp: ExportDocument, reason: string): Promise<void> {
    await this.db.exports.updateOne(
      { _id: exp._id },
      { $set: { state: 'disabled', disabledReason: reason, updatedAt: this.now() } },
    );
  }
}

/** The body of a delivery, `{type, exportId, changes}`, around its changes' JSON text as stored. */
function deliveryBody(exportId: string, changesJson: string): string {
  return `{"type":"items.changed","exportId":${JSON.stringify(exportId)},"changes":${changesJson}}`;
}
