/**
 * What a user might write instead of funnel-sync: a minimal Express route that takes a JSON array
 * and upserts the items one at a time, one `updateOne` per item, with the same `_id` and fields
 * as the product. No queue, no validation, no history. Its `_id` filter is the best case such a
 * route can have on both engines.
 *
 * Run by the benchmark: PORT, MONGO_URL and TENANT from the environment; prints one JSON line
 * {"msg":"naive listening"} when ready. POST /items/:contentType with a JSON array.
 */
import express from 'express';
import { mongo } from 'mongoose';
import type { ItemDocument } from '../core/items/item';
import { upsertOperation, type SenderItem } from './workload';

async function main(): Promise<void> {
  const { PORT, MONGO_URL, TENANT } = process.env;
  if (!PORT || !MONGO_URL || !TENANT) throw new Error('PORT, MONGO_URL and TENANT are required');
  const client = await mongo.MongoClient.connect(MONGO_URL, { appName: 'bench-naive' });
  const items = client.db().collection<ItemDocument>('items');

  const app = express();
  app.use(express.json({ limit: '64mb' }));
  app.post('/items/:contentType', async (req, res) => {
    const body = req.body as SenderItem | SenderItem[];
    const list = Array.isArray(body) ? body : [body];
    const contentType = String(req.params.contentType);
    const receivedAt = new Date();
    for (const item of list) {
      const { filter, update } = upsertOperation(TENANT, contentType, item, receivedAt, new Date());
      await items.updateOne(filter, update, { upsert: true });
    }
    res.json({ status: 'success', message: `${list.length} items written` });
  });
  const server = app.listen(Number(PORT), '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ msg: 'naive listening', port: PORT })}\n`);
  });
  process.once('SIGTERM', () => {
    server.close();
    void client.close().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
