/**
 * Several requests written at once, with the outcome of writing them one after another: the
 * writes go to the engine in rounds, round r holding every item's r-th write in the requests'
 * order. Writes of different items do not affect each other, so a round is one writer call, and
 * an item written by k requests is written k times, in their order (docs/storage.md#requests-written-together).
 */
import type { Receipt } from '../redis/receipt-sequence';
import type { ItemChange } from './item-change';
import type { ItemWrite, ReceivedWrite } from './item-documents';

/** One request's writes (each item named once) and when it was received. */
export interface RequestWrites {
  writes: readonly ItemWrite[];
  receipt: Receipt;
}

/** A write of a round, and which of the requests (by position) it came from. */
export interface RoundWrite extends ReceivedWrite {
  request: number;
}

export function writeRounds(requests: readonly RequestWrites[]): RoundWrite[][] {
  const rounds: RoundWrite[][] = [];
  const timesWritten = new Map<string, number>();
  requests.forEach(({ writes, receipt }, request) => {
    for (const write of writes) {
      const round = timesWritten.get(write.identifier) ?? 0;
      timesWritten.set(write.identifier, round + 1);
      (rounds[round] ??= []).push({ write, receipt, request });
    }
  });
  return rounds;
}

/** The receipt sequences the requests span, or null when none writes anything. */
export function sequenceRange(
  requests: readonly RequestWrites[],
): { from: number; to: number } | null {
  const sequences = requests
    .filter((request) => request.writes.length > 0)
    .map((request) => request.receipt.sequence);
  if (sequences.length === 0) return null;
  return {
    from: sequences.reduce((a, b) => Math.min(a, b)),
    to: sequences.reduce((a, b) => Math.max(a, b)),
  };
}

/** A change a round made, with the request whose write made it. */
export interface RequestChange {
  request: number;
  change: ItemChange;
}

/**
 * The changes request by request, as writing the requests one after another would record them;
 * an item's changes stay in the order of its rounds.
 */
export function inRequestOrder(changes: readonly RequestChange[]): ItemChange[] {
  return [...changes].sort((a, b) => a.request - b.request).map(({ change }) => change);
}
