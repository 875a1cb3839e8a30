/**
 * Runs each preview in a worker thread of its own, so that a draft that maps slowly (many
 * requests, many transforms) never holds the API's event loop: other requests, of every tenant,
 * are answered meanwhile (docs/api-behaviour.md#preview). The thread calls back for the reads
 * (this thread owns the database connection) and is stopped when it runs past its time budget or
 * its memory; at most `maxThreads` run at once in a process, and one of each tenant at a time
 * (preview-turns.ts), so that a tenant's previews leave the other threads to the other tenants.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PreviewRefused, type PreviewPorts } from './preview-funnel';
import type { PreviewAnswer, PreviewRequest } from './preview-schema';
import type { PreviewTurns } from './preview-turns';
import {
  isPortCall,
  type CallOutcome,
  type ThreadInput,
  type ThreadMessage,
} from './thread-messages';

/** The preview ran past its time budget, or past the memory a thread may take, and was stopped. */
export class PreviewStopped extends Error {}

/** As many previews as a process runs at once are running, of other tenants: send it again shortly. */
export class PreviewBusy extends Error {}

/** A preview of the same tenant is running: send it again once that one has its answer. */
export class PreviewOverShare extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(
      'A preview of this tenant is running already, and a tenant runs one at a time; send it ' +
        `again once that one has its answer (within ${retryAfterSeconds} s)`,
    );
  }
}

export interface PreviewThreadOptions {
  /** How long a preview may take, from the start of its thread to its answer. */
  budgetMs: number;
  maxThreads: number;
  /** The heap a thread may grow to (MiB). */
  maxMemoryMb: number;
}

/**
 * The thread's code: compiled JavaScript beside this file, or TypeScript through tsx when this
 * file runs as TypeScript itself (tests, `npm run api`).
 */
function threadScript(): { file: string; execArgv: string[] } {
  const extension = path.extname(__filename);
  const file = path.join(__dirname, `preview-thread${extension}`);
  return { file, execArgv: extension === '.ts' ? ['--require', require.resolve('tsx/cjs')] : [] };
}

/** Previews one API process runs at once, each in a thread of its own. */
export const PREVIEW_THREADS = 2;
/** The heap one preview's thread may grow to. */
export const PREVIEW_MEMORY_MB = 512;

export class PreviewThreads {
  private running = 0;

  constructor(
    private readonly options: PreviewThreadOptions,
    private readonly turns: PreviewTurns,
  ) {}

  /** previewFunnel's answer, run in a thread; throws PreviewRefused as it would. */
  async run(ports: PreviewPorts, tenant: string, request: PreviewRequest): Promise<PreviewAnswer> {
    const turn = await this.turns.ifFree(tenant, () => this.inFreeThread(ports, tenant, request));
    if (!turn.ran) throw new PreviewOverShare(Math.ceil(this.options.budgetMs / 1000));
    return turn.value;
  }

  private async inFreeThread(
    ports: PreviewPorts,
    tenant: string,
    request: PreviewRequest,
  ): Promise<PreviewAnswer> {
    if (this.running >= this.options.maxThreads) {
      throw new PreviewBusy(
        `${this.options.maxThreads} previews of other tenants are running on this API process; ` +
          'send it again in a few seconds',
      );
    }
    this.running++;
    try {
      return await this.inThread(ports, { tenant, request });
    } finally {
      this.running--;
    }
  }

  private inThread(ports: PreviewPorts, input: ThreadInput): Promise<PreviewAnswer> {
    const { budgetMs, maxMemoryMb } = this.options;
    const { file, execArgv } = threadScript();
    const thread = new Worker(file, {
      workerData: input,
      execArgv,
      resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb },
    });
    return new Promise<PreviewAnswer>((resolve, reject) => {
      // The first failure of a read, which says more than the thread's own (a database away).
      let readFailure: Error | undefined;
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
        void thread.terminate();
      };
      const timer = setTimeout(() => {
        settle(() =>
          reject(
            new PreviewStopped(
              `The preview took longer than its time budget of ${budgetMs} ms and was stopped; ` +
                'preview fewer recorded requests (history.limit) or a smaller sample',
            ),
          ),
        );
      }, budgetMs);

      thread.on('message', (message: ThreadMessage) => {
        if (message.kind === 'call') {
          void answerCall(ports, message).then((outcome) => {
            if (outcome.error) readFailure ??= outcome.error;
            if (!settled) thread.postMessage(outcome.message);
          });
        } else if (message.kind === 'answer') {
          settle(() => resolve(message.answer));
        } else if (message.kind === 'refused') {
          settle(() => reject(new PreviewRefused(message.problems)));
        } else {
          settle(() => reject(readFailure ?? new Error(`The preview failed: ${message.message}`)));
        }
      });
      thread.on('error', (error: Error & { code?: string }) => {
        const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
        settle(() =>
          reject(
            outOfMemory
              ? new PreviewStopped(
                  `The preview needed more than ${maxMemoryMb} MiB and was stopped; preview ` +
                    'fewer recorded requests (history.limit) or a smaller sample',
                )
              : error,
          ),
        );
      });
      thread.on('exit', (code) => {
        settle(() => reject(new Error(`The preview's thread ended (${code}) without an answer`)));
      });
    });
  }
}

/** Runs one read the thread asked for, on this thread's ports. */
async function answerCall(
  ports: PreviewPorts,
  call: Extract<ThreadMessage, { kind: 'call' }>,
): Promise<{ message: CallOutcome; error?: Error }> {
  const { port: name, method } = call;
  try {
    if (!isPortCall(name, method)) throw new Error(`No port ${String(name)}.${method}`);
    const port = ports[name] as unknown as Record<string, (...args: unknown[]) => unknown>;
    const value = await port[method]!.apply(port, call.args);
    return { message: { kind: 'returned', id: call.id, value } };
  } catch (thrown) {
    const error = thrown instanceof Error ? thrown : new Error(String(thrown));
    return { message: { kind: 'threw', id: call.id, message: error.message }, error };
  }
}
