/**
 * The queue failed a submission: it could not take the request (`unavailable`: nothing runs), or
 * its connection dropped while the request waited for its job (`lost-while-waiting`: the job may
 * still run once the queue is back, and its history record will tell).
 */
export type QueueFailureKind = 'unavailable' | 'lost-while-waiting';

export class QueueFailure extends Error {
  constructor(
    readonly kind: QueueFailureKind,
    cause: unknown,
  ) {
    super(
      kind === 'unavailable'
        ? 'The queue does not answer'
        : 'The queue went away while the request was processed',
      { cause },
    );
    this.name = 'QueueFailure';
  }
}
