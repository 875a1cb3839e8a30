import { FERRETDB_TRAITS, MONGODB_TRAITS } from '../../../core/mongo/engine';
import { chunkSizeFor } from '../../../core/ingest/chunks/chunk-size';

describe('the chunk size a worker uses', () => {
  it('when CHUNK_SIZE is set, then it is used on every engine', () => {
    expect(chunkSizeFor(10, MONGODB_TRAITS)).toBe(10);
    expect(chunkSizeFor(10, FERRETDB_TRAITS)).toBe(10);
  });

  it('when it is not set, then 1,000 on MongoDB and no chunking on FerretDB v1', () => {
    expect(chunkSizeFor(undefined, MONGODB_TRAITS)).toBe(1_000);
    expect(chunkSizeFor(undefined, FERRETDB_TRAITS)).toBeUndefined();
  });
});
