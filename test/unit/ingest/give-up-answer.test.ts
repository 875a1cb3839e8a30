import { mongo } from 'mongoose';
import { TimeoutError } from 'redis-semaphore';
import { giveUpAnswer } from '../../../core/ingest/give-up-answer';
import { ItemTooLargeError } from '../../../core/items/item-too-large-error';

describe('the answer of a request whose last attempt failed', () => {
  it('when MongoDB could not be reached, then 503 says the database did not answer', () => {
    // What the driver throws after serverSelectionTimeoutMS without a server to talk to.
    const topology = {} as mongo.TopologyDescription;
    const error = new mongo.MongoServerSelectionError('connect ECONNREFUSED', topology);
    expect(giveUpAnswer(error, 5)).toEqual({
      httpStatus: 503,
      message:
        'The database did not answer in 5 attempts; the request was not completed. Send it again',
    });
  });

  it('when the unreachable MongoDB is the cause of another error, then it still says so', () => {
    const error = new Error('write failed', { cause: new mongo.MongoNetworkError('reset') });
    expect(giveUpAnswer(error, 5).httpStatus).toBe(503);
  });

  it('when the write lock could not be had, then 503 says the content type was busy', () => {
    const answer = giveUpAnswer(new TimeoutError('Acquire mutex timeout'), 1);
    expect(answer.httpStatus).toBe(503);
    expect(answer.message).toMatch(/busy in 1 attempt;/);
  });

  it('when MongoDB answered with an error, or anything else failed, then 500', () => {
    expect(giveUpAnswer(new mongo.MongoServerError({ message: 'bad', code: 2 }), 5)).toMatchObject({
      httpStatus: 500,
    });
    expect(giveUpAnswer(new TypeError('x is undefined'), 5).httpStatus).toBe(500);
    expect(giveUpAnswer('not an error', 5).httpStatus).toBe(500);
  });

  it('when the failure would repeat, then 500 says it was not tried again, in words a sender can act on when an item is too large', () => {
    expect(giveUpAnswer(new TypeError('x is undefined'), 1)).toEqual({
      httpStatus: 500,
      message:
        'The request failed in 1 attempt on an internal error that would fail the same way ' +
        'again, so it was not tried again; its request id finds it in the logs',
    });
    const tooLarge = new Error('write failed', {
      cause: new ItemTooLargeError('A-1', 9_000_000, 8_388_608),
    });
    expect(giveUpAnswer(tooLarge, 1)).toEqual({
      httpStatus: 500,
      message:
        'Item "A-1" would take 9,000,000 bytes with the fields it has stored, over the limit of ' +
        '8,388,608; the request was not completed in 1 attempt and would fail the same way again',
    });
  });
});
