/**
 * Why the API does not do what was asked of a full sync: the status and message it answers, made
 * here beside the rules that refuse (as a tagged request's admission is), and sent as they are.
 * A queue that does not answer is told apart: the API answers it as any engine away.
 */
interface SyncRefusal {
  status: number;
  message: string;
  /** What the refusal names, answered as `data`. */
  data?: Record<string, unknown>;
}

export type Refused = { state: 'refused'; refusal: SyncRefusal };

export type QueueAway = { state: 'queue-away'; cause: unknown };

export const refused = (
  status: number,
  message: string,
  data?: Record<string, unknown>,
): Refused => ({
  state: 'refused',
  refusal: data === undefined ? { status, message } : { status, message, data },
});

export const queueAway = (cause: unknown): QueueAway => ({ state: 'queue-away', cause });
