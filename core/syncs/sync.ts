/** A full sync as stored, and as `GET /funnels/{url}/syncs/{syncId}` shows it. */
import { z } from 'zod';

/** How long a sync may stay open before it expires, deleting nothing. */
export const SYNC_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The random part of a sync's id: 32 hex digits, so no ":" that would split a document id. */
export const syncIdSchema = z.string().regex(/^[a-f0-9]{32}$/, 'is not a sync id');

type SyncState = 'open' | 'committing' | 'committed';

export interface SyncCommit {
  requestId: string;
  recordId: string;
  receivedAt: Date;
  /** The items the commit deletes, once counted; deleted so far. */
  toDelete: number | null;
  deleted: number;
  finishedAt: Date | null;
  httpStatus: number | null;
  message: string | null;
}

export interface SyncDocument {
  /** tenant:syncId */
  _id: string;
  syncId: string;
  tenant: string;
  /** The stable id of the funnel: the sync follows it when its endpoint URL changes. */
  funnelId: string;
  contentType: string;
  state: SyncState;
  /** The receipt sequence when the sync started: items written after it are never deleted. */
  startSequence: number;
  startedAt: Date;
  expiresAt: Date;
  /** Requests that named identifiers to the sync, and how many they named (with repeats). */
  requests: number;
  named: number;
  /** The latest commit (a refused one too), with its progress. */
  commit: SyncCommit | null;
}

export const syncViewSchema = z
  .object({
    syncId: z.string(),
    endpointUrl: z.string(),
    contentType: z.string(),
    state: z.enum(['open', 'expired', 'committing', 'committed']),
    startedAt: z.string(),
    expiresAt: z.string(),
    startSequence: z.number(),
    requests: z.number().int().describe('Requests that named identifiers to the sync'),
    namedIdentifiers: z.number().int().describe('Identifiers they named, repeats counted'),
    commit: z
      .object({
        requestId: z.string(),
        receivedAt: z.string(),
        toDelete: z.number().int().nullable(),
        deleted: z.number().int(),
        finishedAt: z.string().nullable(),
        httpStatus: z.number().int().nullable(),
        message: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'Sync' });
export type SyncView = z.infer<typeof syncViewSchema>;

/** Open past its expiry is expired: no job is needed to say so. */
export function syncState(sync: SyncDocument, now: Date): SyncView['state'] {
  return sync.state === 'open' && sync.expiresAt <= now ? 'expired' : sync.state;
}

/** `endpointUrl`: the funnel's, as it is now. */
export function syncView(sync: SyncDocument, endpointUrl: string, now = new Date()): SyncView {
  const { commit } = sync;
  return {
    syncId: sync.syncId,
    endpointUrl,
    contentType: sync.contentType,
    state: syncState(sync, now),
    startedAt: sync.startedAt.toISOString(),
    expiresAt: sync.expiresAt.toISOString(),
    startSequence: sync.startSequence,
    requests: sync.requests,
    namedIdentifiers: sync.named,
    commit: commit && {
      requestId: commit.requestId,
      receivedAt: commit.receivedAt.toISOString(),
      toDelete: commit.toDelete,
      deleted: commit.deleted,
      finishedAt: commit.finishedAt?.toISOString() ?? null,
      httpStatus: commit.httpStatus,
      message: commit.message,
    },
  };
}
