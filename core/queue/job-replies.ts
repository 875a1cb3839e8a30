/**
 * The API process's side of job replies (job-reply.ts): one blocking connection reads the
 * process's reply list, and hands each reply to whoever waits for its job. A reply nobody waits
 * for (its caller was told the job still runs) is dropped.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { KeySpace } from '../redis/key-space';
import type { RedisClient } from '../redis/redis-connection';
import { jobReplySchema, newReplyAddress, type JobReply } from './job-reply';

/** After a failed read (Redis away), the next one waits this long: no busy loop meanwhile. */
const RETRY_MS = 200;

type Waiter = (reply: JobReply | undefined) => void;

export class JobReplies {
  /** The key of this process's reply list: what its jobs' `replyTo` says. */
  readonly address: string;
  /** One waiter a job: each job the process waits for has an id of its own. */
  private readonly waiters = new Map<string, Waiter>();
  private reading: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly connection: RedisClient,
    keys: KeySpace,
  ) {
    this.address = newReplyAddress(keys);
  }

  /** Starts reading the list; replies pushed before are read too. */
  start(): void {
    this.reading ??= this.read();
  }

  /**
   * The reply to `jobId`, or undefined when none came within `timeoutMs` or the wait was
   * cancelled. To be called before the job is added, so that no reply can come first.
   */
  wait(jobId: string, timeoutMs: number): { reply: Promise<JobReply | undefined>; cancel(): void } {
    let settle: Waiter = () => undefined;
    const reply = new Promise<JobReply | undefined>((resolve) => (settle = resolve));
    const finish: Waiter = (value) => {
      clearTimeout(timer);
      if (this.waiters.get(jobId) === finish) this.waiters.delete(jobId);
      settle(value);
    };
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    this.waiters.set(jobId, finish);
    return { reply, cancel: () => finish(undefined) };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.connection.disconnect();
    await this.reading;
    for (const finish of [...this.waiters.values()]) finish(undefined);
  }

  private async read(): Promise<void> {
    while (!this.closed) {
      try {
        const popped = await this.connection.blpop(this.address, 0);
        if (popped) this.deliver(popped[1]);
      } catch {
        // Redis away: the connection reconnects by itself; the callers' waits run out meanwhile.
        if (!this.closed) await sleep(RETRY_MS);
      }
    }
  }

  private deliver(raw: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    const reply = jobReplySchema.safeParse(parsed);
    if (!reply.success) return;
    this.waiters.get(reply.data.jobId)?.(reply.data);
  }
}
