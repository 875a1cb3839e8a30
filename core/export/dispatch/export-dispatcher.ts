/**
 * The dispatch of one export: reads the change log after the export's cursor, keeps the changes
 * of its content types and events, forms them into lane deliveries and moves the cursor on; then
 * a replay or a resync that was asked for. Only this forms deliveries, one run per export at a
 * time (the queue holds one dispatch job per export), so lane numbers are never taken twice.
 *
 * Forming is written ahead: the range and the lane numbers are stored on the export first, the
 * deliveries after, and the record cleared last. A run that dies between is finished by the next
 * one from the record alone. Behaviour: docs/export.md#deliveries.
 */
import type { ChangeLogReader } from '../../changes/change-log';
import { changeView, type ChangeView } from '../../changes/change-record';
import { idCollisionIndexes } from '../../mongo/duplicate-key';
import type { ItemsRepository } from '../../items/items.repository';
import { itemView } from '../../items/item';
import type { ExportCollections } from '../export-collections';
import type { ItemCollections } from '../../items/item-collections';
import type { ExportDocument, Forming, ResyncFloor, ResyncState } from '../export-record';
import { changeTraces, planDeliveries, type ChangeTraces } from './delivery-plan';
import { resyncTotal } from './resync-total';
import type { DeliveryOrigin } from '../delivery/delivery-record';

/**
 * Changes read from the log per step (the lanes' sends are woken after each), and steps per run
 * before the job yields its slot.
 */
const READ_LIMIT = 10_000;
const MAX_STEPS = 10;
/** Items read per resync step. */
const RESYNC_PAGE = 200;
/** The resync's item versions kept to recognise stale log changes, and for how long after. */
const MAX_FLOORS = 5_000;
const FLOORS_AFTER_MS = 60_000;

export interface DispatchOutcome {
  /** Lanes that got deliveries. */
  lanes: Set<number>;
  /** The run stopped with work left: run again. */
  more: boolean;
  /** When the export's settings last changed (created, re-enabled...); absent when it is gone. */
  settingsChangedAt?: Date;
}

/** Told after each step's deliveries are written: their lanes' sends are due now. */
export type LanesFormed = (lanes: ReadonlySet<number>) => Promise<void>;

interface Sink {
  lanes: Set<number>;
  formed: LanesFormed;
}

const floorKey = (contentType: string, identifier: string) => `${contentType}:${identifier}`;

const floorsOf = (floors: readonly ResyncFloor[]) =>
  new Map(floors.map(({ item, version }) => [item, version]));

export class ExportDispatcher {
  constructor(
    private readonly db: ExportCollections & ItemCollections,
    private readonly items: Pick<ItemsRepository, 'list'>,
    private readonly changeLog: ChangeLogReader,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async run(exportDocId: string, formed: LanesFormed = async () => {}): Promise<DispatchOutcome> {
    const lanes = new Set<number>();
    const sink: Sink = { lanes, formed };
    let exp = await this.db.exports.findOne({ _id: exportDocId });
    if (!exp || exp.state !== 'active') return { lanes, more: false };
    if (exp.forming) {
      await this.finishForming(exp, exp.forming, sink);
      exp = await this.db.exports.findOne({ _id: exportDocId });
      if (!exp) return { lanes, more: false };
    }
    const settingsChangedAt = exp.updatedAt;
    for (let step = 0; step < MAX_STEPS; step += 1) {
      const next = await this.step(exp, sink);
      if (next === 'idle' || next === 'lost') return { lanes, more: false, settingsChangedAt };
      exp = next;
    }
    return { lanes, more: true, settingsChangedAt };
  }

  /** One step of work: the export after it, `idle` for none, `lost` when another run moved it. */
  private async step(exp: ExportDocument, sink: Sink): Promise<ExportDocument | 'idle' | 'lost'> {
    const changes = await this.changeLog.readAfter(exp.tenant, exp.cursor, READ_LIMIT);
    const last = changes.at(-1);
    if (last) {
      const forming = this.formingOf(exp, 'log', exp.cursor, last.seq);
      const selected = this.selected(exp, forming, changes.map(changeView));
      return this.form(exp, forming, selected, sink, { cursor: last.seq }, changeTraces(changes));
    }
    if (exp.replay && exp.replay.next < exp.replay.to) {
      const { next, to } = exp.replay;
      const read = await this.changeLog.readAfter(
        exp.tenant,
        next,
        Math.min(READ_LIMIT, to - next),
      );
      const end = read.at(-1)?.seq ?? to;
      const forming = this.formingOf(exp, 'replay', next, end);
      const selected = this.selected(exp, forming, read.map(changeView));
      return this.form(exp, forming, selected, sink, { 'replay.next': end }, changeTraces(read));
    }
    if (exp.resync?.state === 'running') return this.resyncStep(exp, exp.resync, sink);
    if (exp.resync?.floorsUntil && exp.resync.floorsUntil < this.now()) {
      await this.db.exports.updateOne(
        { _id: exp._id },
        { $set: { 'resync.floors': [], 'resync.floorsUntil': null } },
      );
    }
    return 'idle';
  }

  /** The next page of the current content type's items, each once more as `updated`. */
  private async resyncStep(
    exp: ExportDocument,
    resync: ResyncState,
    sink: Sink,
  ): Promise<ExportDocument | 'lost'> {
    if (resync.itemsTotal === null) return this.countResync(exp, resync);
    const contentType = exp.contentTypes[resync.contentTypeIndex];
    if (contentType === undefined) {
      const now = this.now();
      const done = await this.db.exports.findOneAndUpdate(
        { _id: exp._id, cursor: exp.cursor, forming: null },
        {
          $set: {
            'resync.state': 'done',
            'resync.finishedAt': now,
            'resync.floorsUntil': new Date(now.getTime() + FLOORS_AFTER_MS),
          },
        },
        { returnDocument: 'after' },
      );
      return done ?? 'lost';
    }
    const page = await this.items.list(exp.tenant, contentType, {
      limit: RESYNC_PAGE,
      after: resync.after ?? undefined,
    });
    const at = this.now().toISOString();
    const changes = page.items.map((item): ChangeView => ({
      seq: exp.cursor,
      event: 'updated',
      contentType,
      identifier: item.identifier,
      version: item.version,
      item: itemView(item),
      at,
    }));
    const forming: Forming = { ...this.formingOf(exp, 'resync', exp.cursor, exp.cursor), changes };
    const floors = floorsOf(resync.floors);
    for (const change of changes) {
      const item = floorKey(contentType, change.identifier);
      // Moved to the end, the newest: the oldest go first past MAX_FLOORS.
      floors.delete(item);
      floors.set(item, change.version);
    }
    const kept = [...floors].slice(-MAX_FLOORS).map(([item, version]) => ({ item, version }));
    const progress = page.nextCursor
      ? { 'resync.after': page.nextCursor }
      : { 'resync.after': null, 'resync.contentTypeIndex': resync.contentTypeIndex + 1 };
    return this.form(exp, forming, changes, sink, {
      ...progress,
      'resync.itemsFormed': resync.itemsFormed + changes.length,
      'resync.floors': kept,
    });
  }

  /** The resync's first step: its total, which the request that asked for it did not count. */
  private async countResync(
    exp: ExportDocument,
    resync: ResyncState,
  ): Promise<ExportDocument | 'lost'> {
    const itemsTotal = await resyncTotal(this.db, exp.tenant, exp.contentTypes);
    const counted = await this.db.exports.findOneAndUpdate(
      { _id: exp._id, 'resync.startedAt': resync.startedAt, 'resync.itemsTotal': null },
      { $set: { 'resync.itemsTotal': itemsTotal } },
      { returnDocument: 'after' },
    );
    return counted ?? 'lost';
  }

  private formingOf(exp: ExportDocument, kind: Forming['kind'], from: number, to: number): Forming {
    return {
      kind,
      from,
      to,
      formedBefore: exp.lanes.map((lane) => lane.formed),
      contentTypes: exp.contentTypes,
      events: exp.events,
      batchSize: exp.batchSize,
    };
  }

  /**
   * The changes the export takes. A log change older than what a resync already delivered of
   * its item would reach the receiver after a newer version: it is left out.
   */
  private selected(
    exp: Pick<ExportDocument, 'resync'>,
    forming: Forming,
    changes: ChangeView[],
  ): ChangeView[] {
    const floors = floorsOf(forming.kind === 'log' ? (exp.resync?.floors ?? []) : []);
    return changes.filter(
      (change) =>
        forming.contentTypes.includes(change.contentType) &&
        forming.events.includes(change.event) &&
        !(change.version <= (floors.get(floorKey(change.contentType, change.identifier)) ?? 0)),
    );
  }

  /**
   * Claims the range on the export (only if no other run moved it meanwhile), writes the
   * deliveries, then clears the claim.
   */
  private async form(
    exp: ExportDocument,
    forming: Forming,
    changes: ChangeView[],
    sink: Sink,
    progress: Record<string, unknown>,
    traces?: ChangeTraces,
  ): Promise<ExportDocument | 'lost'> {
    const plan = this.plan(exp, forming, changes, traces);
    const set: Record<string, unknown> = { ...progress, forming };
    plan.formedAfter.forEach((formed, lane) => {
      if (formed !== forming.formedBefore[lane]) set[`lanes.${lane}.formed`] = formed;
    });
    const claimed = await this.db.exports.findOneAndUpdate(
      { _id: exp._id, cursor: exp.cursor, forming: null, state: 'active' },
      { $set: set },
      { returnDocument: 'after' },
    );
    if (!claimed) return 'lost';
    await this.write(plan.deliveries);
    const done = await this.clearForming(exp);
    if (!done) return 'lost';
    await this.tell(plan.deliveries, sink);
    return done;
  }

  /**
   * Clears the claim once its deliveries are written; null when the export was deleted
   * meanwhile. Its deletion, which removes its deliveries in the same transaction, either saw
   * these or ended before this clear found nothing to clear: then they go now.
   */
  private async clearForming(exp: ExportDocument): Promise<ExportDocument | null> {
    const done = await this.db.exports.findOneAndUpdate(
      { _id: exp._id },
      { $set: { forming: null } },
      { returnDocument: 'after' },
    );
    if (!done) await this.db.exportDeliveries.deleteMany({ exportId: exp.id });
    return done;
  }

  private plan(
    exp: Pick<ExportDocument, 'tenant' | 'id'>,
    forming: Forming,
    changes: ChangeView[],
    traces?: ChangeTraces,
  ) {
    const origin: DeliveryOrigin = forming.kind;
    return planDeliveries({
      tenant: exp.tenant,
      exportId: exp.id,
      origin,
      changes,
      ...(traces ? { traces } : {}),
      formedBefore: forming.formedBefore,
      batchSize: forming.batchSize,
      now: this.now(),
    });
  }

  /** Finishes a forming a run left behind, from its record: the same deliveries as begun. */
  private async finishForming(exp: ExportDocument, forming: Forming, sink: Sink): Promise<void> {
    let changes: ChangeView[];
    let traces: ChangeTraces | undefined;
    if (forming.kind === 'resync') {
      changes = forming.changes ?? [];
    } else {
      const read = await this.changeLog.readAfter(
        exp.tenant,
        forming.from,
        forming.to - forming.from,
      );
      changes = this.selected(exp, forming, read.map(changeView));
      traces = changeTraces(read);
    }
    const plan = this.plan(exp, forming, changes, traces);
    await this.write(plan.deliveries);
    if (await this.clearForming(exp)) await this.tell(plan.deliveries, sink);
  }

  private async tell(deliveries: readonly { lane: number }[], sink: Sink): Promise<void> {
    const step = new Set(deliveries.map((delivery) => delivery.lane));
    for (const lane of step) sink.lanes.add(lane);
    if (step.size > 0) await sink.formed(step);
  }

  /**
   * Inserts the deliveries; those a run before this one wrote already are left as they are (an
   * unordered insert writes the others).
   */
  private async write(deliveries: ReturnType<typeof planDeliveries>['deliveries']): Promise<void> {
    if (deliveries.length === 0) return;
    try {
      await this.db.exportDeliveries.insertMany(deliveries, { ordered: false });
    } catch (error) {
      if (!idCollisionIndexes(error)) throw error;
    }
  }
}
