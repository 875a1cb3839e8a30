/**
 * What the API's main thread and a preview's worker thread say to each other: the thread runs
 * the draft and calls the ports (the store's and the settings' reads) through the main thread,
 * which owns the database connection; the main thread answers each call and waits for the end.
 */
import type { PreviewAnswer, PreviewRequest } from './preview-schema';

/** The reads a preview makes, by port: the only calls a thread may ask the main thread for. */
const PORT_METHODS = {
  contentTypes: ['find'],
  funnels: ['find'],
  history: ['recent', 'body'],
  items: ['existing', 'identifierLengths', 'lazyCandidates'],
} as const;

export type PortName = keyof typeof PORT_METHODS;

/** What the thread is started with. */
export interface ThreadInput {
  tenant: string;
  request: PreviewRequest;
}

/** From the thread. */
export type ThreadMessage =
  | { kind: 'call'; id: number; port: PortName; method: string; args: unknown[] }
  | { kind: 'answer'; answer: PreviewAnswer }
  | { kind: 'refused'; problems: Record<string, string> }
  | { kind: 'failed'; message: string };

/** To the thread: the outcome of one call. */
export type CallOutcome =
  { kind: 'returned'; id: number; value: unknown } | { kind: 'threw'; id: number; message: string };

export function isPortCall(port: string, method: string): port is PortName {
  const methods: readonly string[] | undefined = Object.hasOwn(PORT_METHODS, port)
    ? PORT_METHODS[port as PortName]
    : undefined;
  return methods?.includes(method) ?? false;
}
