/**
 * The connection's bounds (docs/storage.md#timeouts-and-read-preference): writes carry a
 * `wtimeout`, reads through the service's collections a `maxTimeMS`, every read goes to the
 * primary whatever the URL says, and a read stopped by its limit is a database that does not
 * answer: 503 for the API, tried again by a worker.
 */
import type { Connection, mongo } from 'mongoose';
import { knownHttpError } from '../../../api/http/known-error';
import { failureKind } from '../../../core/ingest/failure-kind';
import { connectMongo, databaseOf } from '../../../core/mongo/connection';
import { collections } from '../../../core/storage/collections';
import { uniqueMongoUrl } from '../../support/test-env';

/** The URL of a test database with extra query parameters. */
function urlWith(label: string, parameters: Record<string, string>): string {
  const url = new URL(uniqueMongoUrl(label));
  for (const [name, value] of Object.entries(parameters)) url.searchParams.set(name, value);
  return url.toString();
}

/** Every command the connection sends, as sent. */
function recordCommands(connection: Connection): mongo.Document[] {
  const sent: mongo.Document[] = [];
  connection
    .getClient()
    .on('commandStarted', (event: mongo.CommandStartedEvent) => sent.push(event.command));
  return sent;
}

describe('the MongoDB connection bounds', () => {
  let mongo: Connection | undefined;

  afterEach(async () => {
    await mongo?.dropDatabase();
    await mongo?.close();
    mongo = undefined;
  });

  it('when nothing is set, then writes wait 10 s for majority and reads are limited to 30 s on the server', async () => {
    mongo = await connectMongo(urlWith('bounds', { monitorCommands: 'true' }), 'test');
    const sent = recordCommands(mongo);
    const db = collections(mongo);
    await db.tenants.insertOne({ _id: 'acme' } as never);
    await db.tenants.findOne({ _id: 'acme' });
    await db.tenants.countDocuments({});

    const insert = sent.find((command) => 'insert' in command);
    expect(insert?.writeConcern).toEqual({ w: 'majority', wtimeout: 10_000 });
    const reads = sent.filter((command) => 'find' in command || 'aggregate' in command);
    expect(reads.map((command): unknown => command.maxTimeMS)).toEqual([30_000, 30_000]);
  });

  it('when the timeouts are set, then the commands carry them, and a read naming its own limit keeps it', async () => {
    mongo = await connectMongo(urlWith('bounds', { monitorCommands: 'true' }), 'test', {
      writeConcern: 1,
      writeTimeoutMS: 2_500,
      queryTimeoutMS: 120_000,
    });
    const sent = recordCommands(mongo);
    const db = collections(mongo);
    await db.tenants.insertOne({ _id: 'acme' } as never);
    await db.tenants.find({}).toArray();
    await db.tenants.find({}, { maxTimeMS: 0 }).toArray();

    expect(sent.find((command) => 'insert' in command)?.writeConcern).toEqual({
      w: 1,
      wtimeout: 2_500,
    });
    const finds = sent.filter((command) => 'find' in command);
    expect(finds.map((command): unknown => command.maxTimeMS)).toEqual([120_000, 0]);
  });

  it('when the URL asks for a secondary, then every read still goes to the primary', async () => {
    const url = urlWith('bounds', { readPreference: 'secondaryPreferred' });
    const connection = await connectMongo(url, 'test');
    mongo = connection;
    expect(connection.getClient().readPreference.mode).toBe('primary');
    expect(databaseOf(connection).readPreference.mode).toBe('primary');
    expect(collections(connection).tokens.readPreference?.mode).toBe('primary');
  });

  it('when a read runs past its limit, then it is a database that does not answer: 503, tried again', async () => {
    mongo = await connectMongo(uniqueMongoUrl('bounds'), 'test', { queryTimeoutMS: 100 });
    const db = collections(mongo);
    await db.tenants.insertOne({ _id: 'acme' } as never);
    // Some nine million rows to count: far more than 100 ms of work on any engine.
    const slow = db.tenants.aggregate([
      { $project: { a: { $range: [0, 3_000] }, b: { $range: [0, 3_000] } } },
      { $unwind: '$a' },
      { $unwind: '$b' },
      { $count: 'rows' },
    ]);
    const failure: unknown = await slow.toArray().then(
      () => undefined,
      (error: unknown) => error,
    );

    expect(failure).toMatchObject({ code: 50 });
    expect(knownHttpError(failure)?.status).toBe(503);
    expect(failureKind(failure)).toBe('database-away');
  });
});
