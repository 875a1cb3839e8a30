/** One chunk of a large POST (core/ingest/chunks/write-chunk.ts). */
import { UnrecoverableError } from 'bullmq';
import { ChunkGoneError, writeChunk } from '../../core/ingest/chunks/write-chunk';
import type { Processor } from './processor';

export const ingestChunkProcessor: Processor<'ingest-chunk'> = async (data, context) => {
  try {
    return await writeChunk(data, context);
  } catch (error) {
    // Gone only past the plan's expiry: trying again would not bring it back.
    if (error instanceof ChunkGoneError) throw new UnrecoverableError(error.message);
    throw error;
  }
};
