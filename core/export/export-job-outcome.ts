/**
 * What an export job came to, for the queue to answer: done, with what it reports, or to run
 * again at a time under the same job id, so that wake-ups meanwhile add no second job.
 */
export type ExportJobOutcome = { kind: 'done'; result: unknown } | { kind: 'again'; at: Date };

export const done = (result: unknown): ExportJobOutcome => ({ kind: 'done', result });

export const runAgainAt = (at: Date): ExportJobOutcome => ({ kind: 'again', at });
