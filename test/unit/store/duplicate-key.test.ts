/**
 * Which unique index a duplicate-key error names, in the shapes MongoDB gives it (a single write's
 * error with `keyPattern`, a batch's write errors with only the message), DocumentDB's (the message
 * alone, worded its own way, and none at all for an upsert's collision) (docs/storage.md#error-shapes).
 */
import { collisionOf, idCollisionIndexes, isIdCollision } from '../../../core/mongo/duplicate-key';

const ON_ID =
  'E11000 duplicate key error collection: db.changes index: _id_ dup key: { _id: "t:1" }';
const ON_OTHER =
  'E11000 duplicate key error collection: db.changes index: tenant_last_seq dup key: { tenant: "t", lastSeq: 1 }';
const UNNAMED = 'E11000 duplicate key error collection: db.changes';
const DOCUMENTDB_ON_ID = "Duplicate key violation on the requested collection: Index '_id_'";
const DOCUMENTDB_ON_OTHER =
  "Duplicate key violation on the requested collection: Index 'tenant_last_seq'";

describe('duplicate-key errors', () => {
  it('when a single write names its key pattern, then a collision on _id is told from one on another index', () => {
    expect(collisionOf({ code: 11000, keyPattern: { _id: 1 }, keyValue: { _id: 'x' } })).toBe('id');
    const other = { code: 11000, keyPattern: { tenant: 1, lastSeq: 1 }, errmsg: ON_OTHER };
    expect(collisionOf(other)).toBe('other-index');
    expect(isIdCollision(other)).toBe(false);
  });

  it('when only the message names the index, as in a batch write error, then it is read from there', () => {
    expect(collisionOf({ code: 11000, errmsg: ON_ID })).toBe('id');
    expect(collisionOf({ code: 11000, message: ON_OTHER })).toBe('other-index');
  });

  it("when DocumentDB's gateway names the index in its own words and sends no key pattern, then it is read from there", () => {
    expect(collisionOf({ code: 11000, errmsg: DOCUMENTDB_ON_ID })).toBe('id');
    expect(collisionOf({ code: 11000, errmsg: DOCUMENTDB_ON_OTHER })).toBe('other-index');
    expect(isIdCollision({ code: 11000, errmsg: DOCUMENTDB_ON_OTHER })).toBe(false);
    const batch = {
      writeErrors: [
        { code: 11000, index: 1, errmsg: DOCUMENTDB_ON_ID },
        { code: 11000, index: 2, errmsg: DOCUMENTDB_ON_OTHER },
      ],
    };
    expect(idCollisionIndexes(batch)).toBeUndefined();
  });

  it('when the server names no index (DocumentDB on an upsert), then the collision is read as on _id', () => {
    expect(collisionOf({ code: 11000, errmsg: UNNAMED })).toBe('unnamed-index');
    expect(isIdCollision({ code: 11000, errmsg: UNNAMED })).toBe(true);
  });

  it('when the error is no collision, then nothing is a collision', () => {
    expect(collisionOf(new Error('boom'))).toBeUndefined();
    expect(collisionOf({ code: 2, errmsg: ON_ID })).toBeUndefined();
    expect(isIdCollision(null)).toBe(false);
  });

  it('when every write error of a batch is on _id, then their positions are answered; otherwise none', () => {
    const onId = {
      writeErrors: [
        { code: 11000, index: 2, errmsg: ON_ID },
        { code: 11000, index: 5, errmsg: UNNAMED },
      ],
    };
    expect(idCollisionIndexes(onId)).toEqual([2, 5]);
    const mixed = {
      writeErrors: [
        { code: 11000, index: 2, errmsg: ON_ID },
        { code: 11000, index: 3, errmsg: ON_OTHER },
      ],
    };
    expect(idCollisionIndexes(mixed)).toBeUndefined();
    const failed = { writeErrors: [{ code: 121, index: 0, errmsg: 'Document failed validation' }] };
    expect(idCollisionIndexes(failed)).toBeUndefined();
    expect(idCollisionIndexes(new Error('boom'))).toBeUndefined();
  });
});
