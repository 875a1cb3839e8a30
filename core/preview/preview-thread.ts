/**
 * A preview's worker thread (preview-threads.ts starts one per preview): runs the draft by the
 * preview's steps (preview-funnel.ts), its mapping and checks here, off the API's event loop.
 * Its ports are calls to the main thread, which does the reads on its database connection.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { previewFunnel, PreviewRefused, type PreviewPorts } from './preview-funnel';
import type { CallOutcome, PortName, ThreadInput, ThreadMessage } from './thread-messages';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

function remotePorts(port: MessagePort): PreviewPorts {
  const pending = new Map<number, Pending>();
  let next = 0;
  port.on('message', (outcome: CallOutcome) => {
    const call = pending.get(outcome.id);
    pending.delete(outcome.id);
    if (outcome.kind === 'returned') call?.resolve(outcome.value);
    else call?.reject(new Error(outcome.message));
  });
  const call =
    <T>(name: PortName, method: string) =>
    (...args: unknown[]): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        const message: ThreadMessage = { kind: 'call', id, port: name, method, args };
        port.postMessage(message);
      });
  return {
    contentTypes: { find: call('contentTypes', 'find') },
    funnels: { find: call('funnels', 'find') },
    history: { recent: call('history', 'recent'), body: call('history', 'body') },
    items: {
      existing: call('items', 'existing'),
      identifierLengths: call('items', 'identifierLengths'),
      lazyCandidates: call('items', 'lazyCandidates'),
    },
  };
}

async function run(port: MessagePort, { tenant, request }: ThreadInput): Promise<ThreadMessage> {
  try {
    return { kind: 'answer', answer: await previewFunnel(remotePorts(port), tenant, request) };
  } catch (error) {
    if (error instanceof PreviewRefused) return { kind: 'refused', problems: error.problems };
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

if (parentPort) {
  const port = parentPort;
  void run(port, workerData as ThreadInput).then((message) => port.postMessage(message));
}
