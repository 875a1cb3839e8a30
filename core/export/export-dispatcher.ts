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
import type { ChangeLogReader } from '../changes/change-log';
import { changeView, type ChangeView } from '../changes/change-record';
import { isIdCollision } from '../mongo/duplicate-key';
import { ItemsRepository } from '../items/items.repository';
import { itemView, type ItemDocument } from '../items/item';
import type { ExportCollections } from './export-collections';
import type { ItemCollections } from '../items/item-collections';
import type { ExportDocument, Forming, ResyncState } from './export-record';
import { planDeliveries } from './delivery-plan';
import { ExportDocumentWrites } from './export-document-writes';
import { NO_TURNS, type DocumentTurns } from '../mongo/document-turns';
import type { DeliveryOrigin } from './delivery-record';

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

export class ExportDispatcher {
  private readonly items: ItemsRepository;
  private readonly writes: ExportDocumentWrites;

  constructor(
    private readonly db: ExportCollections & ItemCollections,
    private readonly changeLog: ChangeLogReader,
    turns: DocumentTurns = NO_TURNS,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.items = new ItemsRepository(db);
    this.writes = new ExportDocumentWrites(db.exports, turns);
  }

  /** `stepAside`: asked before each step; true ends the run with work left. */
  async run(
    exportDocId: string,
    formed: LanesFormed = async () => {},
    stepAside: () => Promise<boolean> = () => Promise.resolve(false),
  ): Promise<DispatchOutcome> {
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
      if (await stepAside()) return { lanes, more: true, settingsChangedAt };
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
      return this.form(exp, forming, this.selected(exp, forming, changes.map(changeView)), sink, {
        cursor: last.seq,
      });
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
      return this.form(exp, forming, this.selected(exp, forming, read.map(changeView)), sink, {
        'replay.next': end,
      });
    }
    if (exp.resync?.state === 'running') return this.resyncStep(exp, exp.resync, sink);
    if (exp.resync?.floorsUntil && exp.resync.floorsUntil < this.now()) {
      await this.writes.updateOne(
        { _id: exp._id },
        { $set: { 'resync.floors': {}, 'resync.floorsUntil': null } },
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
    const contentType = exp.contentTypes[resync.contentTypeIndex];
    if (contentType === undefined) {
      const now = this.now();
      const done = await this.writes.findOneAndUpdate(
        { _id: exp._id, cursor: exp.cursor, forming: null },
        {
          $set: {
            'resync.state': 'done',
            'resync.finishedAt': now,
            'resync.floorsUntil': new Date(now.getTime() + FLOORS_AFTER_MS),
          },
        },
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
      version: versionOf(item),
      item: itemView(item),
      at,
    }));
    const forming: Forming = { ...this.formingOf(exp, 'resync', exp.cursor, exp.cursor), changes };
    const floors = { ...resync.floors };
    for (const change of changes) floors[floorKey(contentType, change.identifier)] = change.version;
    const kept = Object.entries(floors).slice(-MAX_FLOORS);
    const progress = page.nextCursor
      ? { 'resync.after': page.nextCursor }
      : { 'resync.after': null, 'resync.contentTypeIndex': resync.contentTypeIndex + 1 };
    return this.form(exp, forming, changes, sink, {
      ...progress,
      'resync.itemsFormed': resync.itemsFormed + changes.length,
      'resync.floors': Object.fromEntries(kept),
    });
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
    const floors = forming.kind === 'log' ? (exp.resync?.floors ?? {}) : {};
    return changes.filter(
      (change) =>
        forming.contentTypes.includes(change.contentType) &&
        forming.events.includes(change.event) &&
        !(change.version <= (floors[floorKey(change.contentType, change.identifier)] ?? 0)),
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
  ): Promise<ExportDocument | 'lost'> {
    const plan = this.plan(exp, forming, changes);
    const set: Record<string, unknown> = { ...progress, forming };
    plan.formedAfter.forEach((formed, lane) => {
      if (formed !== forming.formedBefore[lane]) set[`lanes.${lane}.formed`] = formed;
    });
    const claimed = await this.writes.findOneAndUpdate(
      { _id: exp._id, cursor: exp.cursor, forming: null, state: 'active' },
      { $set: set },
    );
    if (!claimed) return 'lost';
    await this.write(plan.deliveries);
    const done = await this.writes.findOneAndUpdate({ _id: exp._id }, { $set: { forming: null } });
    await this.tell(plan.deliveries, sink);
    return done ?? 'lost';
  }

  private plan(
    exp: Pick<ExportDocument, 'tenant' | 'id'>,
    forming: Forming,
    changes: ChangeView[],
  ) {
    const origin: DeliveryOrigin = forming.kind;
    return planDeliveries({
      tenant: exp.tenant,
      exportId: exp.id,
      origin,
      changes,
      formedBefore: forming.formedBefore,
      batchSize: forming.batchSize,
      now: this.now(),
    });
  }

  /** Finishes a forming a run left behind, from its record: the same deliveries as begun. */
  private async finishForming(exp: ExportDocument, forming: Forming, sink: Sink): Promise<void> {
    let changes: ChangeView[];
    if (forming.kind === 'resync') {
      changes = forming.changes ?? [];
    } else {
      const read = await this.changeLog.readAfter(
        exp.tenant,
        forming.from,
        forming.to - forming.from,
      );
      changes = this.selected(exp, forming, read.map(changeView));
    }
    const plan = this.plan(exp, forming, changes);
    await this.rewrite(plan.deliveries);
    await this.writes.updateOne({ _id: exp._id }, { $set: { forming: null } });
    await this.tell(plan.deliveries, sink);
  }

  /**
   * Writes a left forming's deliveries again, but not those a send already sent and moved to the
   * log: back in the work queue they would be sent twice. A send can move one between the read
   * of the log and the insert; the log is read again after, and what reached it meanwhile is
   * taken out again (if the send's move comes later still, its delete takes out the insert).
   */
  private async rewrite(deliveries: ReturnType<typeof planDeliveries>['deliveries']) {
    if (deliveries.length === 0) return;
    const logged = await this.loggedOf(deliveries);
    await this.write(deliveries.filter((delivery) => !logged.has(delivery._id)));
    const movedMeanwhile = [...(await this.loggedOf(deliveries))].filter((id) => !logged.has(id));
    if (movedMeanwhile.length > 0) {
      await this.db.exportDeliveries.deleteMany({ _id: { $in: movedMeanwhile } });
    }
  }

  private async loggedOf(deliveries: readonly { _id: string }[]): Promise<Set<string>> {
    const found = await this.db.exportDeliveryLog
      .find(
        { _id: { $in: deliveries.map((delivery) => delivery._id) } },
        { projection: { _id: 1 } },
      )
      .toArray();
    return new Set(found.map((delivery) => delivery._id));
  }

  private async tell(deliveries: readonly { lane: number }[], sink: Sink): Promise<void> {
    const step = new Set(deliveries.map((delivery) => delivery.lane));
    for (const lane of step) sink.lanes.add(lane);
    if (step.size > 0) await sink.formed(step);
  }

  /** Inserts the deliveries; those a run before this one wrote already are left as they are. */
  private async write(deliveries: ReturnType<typeof planDeliveries>['deliveries']): Promise<void> {
    if (deliveries.length === 0) return;
    try {
      await this.db.exportDeliveries.insertMany(deliveries, { ordered: false });
      return;
    } catch (error) {
      if (!isIdCollision(error)) throw error;
    }
    // Some were there already (a run that died half-way): the rest one by one.
    for (const delivery of deliveries) {
      try {
        await this.db.exportDeliveries.insertOne(delivery);
      } catch (error) {
        if (!isIdCollision(error)) throw error;
      }
    }
  }
}

/** Items written before the change log counted versions have none: 0. */
function versionOf(item: ItemDocument): number {
  const version = (item as ItemDocument & { version?: unknown }).version;
  return typeof version === 'number' ? version : 0;
}
