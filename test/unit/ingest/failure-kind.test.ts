/**
 * Which failures are tried again (docs/storage.md#jobs-that-give-up): an engine away, a busy
 * content type and anything not known are; a failure that the same input repeats is not.
 */
import { mongo } from 'mongoose';
import { TimeoutError } from 'redis-semaphore';
import { z } from 'zod';
import { failureKind } from '../../../core/ingest/failure-kind';
import { ItemTooLargeError } from '../../../core/items/item-too-large-error';

/** What BSON serialisation throws for a document past its buffer (the `split` of 2M tags). */
function serialisationError(): unknown {
  try {
    mongo.BSON.serialize({ tags: Array.from({ length: 2_000_000 }, () => 'a') });
  } catch (error) {
    return error;
  }
  throw new Error('serialised a document over 17 MB');
}

describe('failureKind', () => {
  it('when the same input would fail the same way, then it is fails-again', () => {
    const schemaError = z.object({ a: z.string() }).safeParse({}).error;
    const tooLargeOnServer = new mongo.MongoServerError({
      message: 'Resulting document after update is larger than 16777216',
      code: 17419,
    });
    const failures: unknown[] = [
      serialisationError(),
      new ItemTooLargeError('A-1', 9_000_000, 8_388_608),
      tooLargeOnServer,
      new TypeError("Cannot read properties of undefined (reading 'split')"),
      new RangeError('Invalid array length'),
      schemaError,
      new mongo.BSON.BSONError('cannot serialise'),
      new Error('write failed', { cause: new TypeError('x is not a function') }),
    ];
    for (const failure of failures)
      expect([failure, failureKind(failure)]).toEqual([failure, 'fails-again']);
  });

  it('when a bulk write is refused for a document too large, whatever the shape, then it is fails-again', () => {
    const bulk = Object.assign(new mongo.MongoServerError({ message: 'write errors' }), {
      writeErrors: [{ code: 17420, errmsg: 'Document to upsert is larger than 16777216' }],
    });
    const wrapped = Object.assign(new mongo.MongoServerError({ message: 'out of range' }), {
      code: 'ERR_OUT_OF_RANGE',
    });
    expect(failureKind(bulk)).toBe('fails-again');
    expect(failureKind(wrapped)).toBe('fails-again');
  });

  it('when an engine is away or the content type busy, then it is tried again, even when it shows as a TypeError', () => {
    const away = new mongo.MongoNetworkError('connection reset');
    expect(failureKind(away)).toBe('database-away');
    expect(failureKind(new TypeError('closed', { cause: away }))).toBe('database-away');
    expect(failureKind(new TimeoutError('Acquire mutex timeout'))).toBe('write-lock-busy');
  });

  it('when MongoDB did not answer in time (a write concern not met within wtimeout, a read past maxTimeMS), then it is database-away', () => {
    const writeConcernTimeout = new mongo.MongoWriteConcernError({
      writeConcernError: { code: 64, errmsg: 'waiting for replication timed out' },
    } as never);
    // A bulk write carries its write concern error's code.
    const bulkTimeout = new mongo.MongoBulkWriteError(
      { message: 'waiting for replication timed out', code: 64 },
      {} as never,
    );
    const readTimeout = new mongo.MongoServerError({ message: 'time limit', code: 50 });
    for (const failure of [writeConcernTimeout, bulkTimeout, readTimeout])
      expect([failure, failureKind(failure)]).toEqual([failure, 'database-away']);
  });

  it('when the failure is not known (Redis away, a timeout, a server error), then it is transient', () => {
    expect(failureKind(new Error('Connection is closed.'))).toBe('transient');
    expect(failureKind(new Error('Command timed out'))).toBe('transient');
    expect(failureKind(new mongo.MongoServerError({ message: 'interrupted', code: 11601 }))).toBe(
      'transient',
    );
    expect(failureKind('not an error')).toBe('transient');
  });
});
