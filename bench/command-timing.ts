/**
 * The database side of a one-item funnel job, command by command: the benchmark sends the same
 * commands the worker sends for a new item (read from core/ingest/ingest-request.ts and
 * core/items/), one at a time, and times each. A CPU profile of our processes
 * cannot see inside the database; this shows which of its commands the job waits on.
 */
import { performance } from 'node:perf_hooks';
import { mongo } from 'mongoose';
import type { ItemDocument } from '../core/items/item';
import type { BenchContext } from './context';
import { median } from './stats';
import { makeItems, newItemDocument, runId, upsertOperation } from './workload';

/** A document whose `_id` is a string, as every one of funnel-sync's is. */
type Keyed = { _id: string } & mongo.Document;

export interface CommandTiming {
  command: string;
  medianMs: number;
}

export async function timeJobCommands(
  context: BenchContext,
  count: number,
): Promise<CommandTiming[]> {
  const client = await mongo.MongoClient.connect(context.engines.mongoUrl, {
    appName: 'bench-commands',
  });
  const { tenant, contentType, endpointUrl } = context.target;
  const ferret = context.engines.version.name === 'ferretdb';
  const timings = new Map<string, number[]>();
  const time = async (command: string, send: () => Promise<unknown>) => {
    const started = performance.now();
    await send();
    timings.set(command, [...(timings.get(command) ?? []), performance.now() - started]);
  };
  try {
    const db = client.db();
    const items = db.collection<ItemDocument>('items');
    const stats = db.collection<Keyed>('item_stats');
    const statsId = `${tenant}:${contentType}:lengths`;
    for (const item of makeItems(runId(), count)) {
      const now = new Date();
      // The funnel and content type come from the worker's settings cache: no command.
      const readStats = () => stats.findOne({ _id: statsId });
      if (ferret) {
        // Under the write lock: the stats read beside the insert (FerretDbItemWriter.upsert).
        const insert = () =>
          items.insertMany([newItemDocument(tenant, contentType, item, now, now)]);
        await time('item_stats.findOne {_id} beside items.insertMany [1 item]', () =>
          Promise.all([readStats(), insert()]),
        );
        await time('item_stats.findOne {_id} alone', readStats);
      } else {
        await time('items.bulkWrite [1 guarded _id upsert]', () =>
          items.bulkWrite([
            {
              updateOne: { ...upsertOperation(tenant, contentType, item, now, now), upsert: true },
            },
          ]),
        );
        await time('item_stats.findOne {_id}', readStats);
      }
      const requestId = runId();
      await time('history.insertOne', () =>
        db.collection<Keyed>('history').insertOne({
          _id: `${tenant}:${requestId}`,
          tenant,
          funnelId: context.target.funnelId,
          endpointUrl,
          requestId,
          method: 'POST',
          receivedAt: now,
          finishedAt: now,
          status: 'success',
          httpStatus: 200,
          itemCount: 1,
          message: '1 item written',
          errors: [],
          successIds: [item.sku],
          payload: JSON.stringify(item),
        }),
      );
    }
  } finally {
    await client.close();
  }
  return [...timings].map(([command, values]) => ({ command, medianMs: median(values) }));
}
