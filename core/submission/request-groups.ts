/**
 * Groups the small POSTs that one API process receives for one funnel while that funnel's earlier
 * requests are still being processed (docs/request-groups.md). A request that finds none of its
 * funnel's jobs under way goes at once, alone: a lone request never waits for company. The
 * others wait for the job under way to end, and go together as one group job:
 * the busier a funnel, the larger its groups, and the fewer jobs, bodies and history inserts per
 * request. Requests that a group cannot carry (a DELETE, a full sync's, a large body) go alone.
 */
import type { Answer } from './answer';
import { RecentDurations } from './recent-durations';
import type { GroupMember, Submission } from './submission';

/**
 * Jobs of one funnel under way before its requests wait to be grouped. One: the writes of a
 * content type run one at a time anyway, and a second job beside it only made groups smaller,
 * for no higher rate and more CPU a request (bench/HISTORY.md).
 */
export const IN_FLIGHT_PER_FUNNEL = 1;

/**
 * How long a request waits for its funnel's job under way before it goes anyway: about as long
 * as such jobs take here lately (twice their median), within these bounds. A job can take far
 * longer than usual (its worker died, and it waits to be taken up again), and its followers must
 * not wait for it; a wait much shorter than a usual job would send them beside it, in groups too
 * small to save anything.
 */
export const SHORTEST_WAIT_MS = 25;
export const LONGEST_WAIT_MS = 1_000;

/** A body larger than this goes alone: it would be most of the group's work anyway. */
export const GROUPABLE_BODY_BYTES = 64 * 1024;

/** A group's bodies stop growing it past this many bytes. */
const GROUP_BYTES = 1024 * 1024;

export interface GroupSubmitter {
  submit(submission: Submission, body: Buffer): Promise<Answer>;
  submitGroup(members: readonly GroupMember[], timeoutMs: number): Promise<Answer[]>;
}

interface Waiting extends GroupMember {
  arrivedAt: number;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

/** One funnel's requests: its jobs under way and the requests waiting for one of them to end. */
interface FunnelQueue {
  inFlight: number;
  waiting: Waiting[];
  waitingBytes: number;
  timer: NodeJS.Timeout | undefined;
}

export interface RequestGroupOptions {
  /** The most requests in one group; 1 sends every request alone. */
  maxRequests: number;
  /** How long a request waits for its answer in all (WAIT_TIMEOUT_MS). */
  waitMs: number;
  /** Told of every job sent for groupable requests, with how many it carries (1: alone). */
  onSend?: (size: number) => void;
}

export class RequestGroups {
  private readonly funnels = new Map<string, FunnelQueue>();
  private readonly jobDurations = new RecentDurations();

  constructor(
    private readonly submitter: GroupSubmitter,
    private readonly options: RequestGroupOptions,
  ) {}

  static groupable(submission: Submission, body: Buffer): boolean {
    return (
      submission.method === 'POST' &&
      submission.sync === undefined &&
      body.length <= GROUPABLE_BODY_BYTES
    );
  }

  /** The request's answer, from a group job or a job of its own. */
  submit(submission: Submission, body: Buffer): Promise<Answer> {
    if (this.options.maxRequests <= 1 || !RequestGroups.groupable(submission, body)) {
      return this.submitter.submit(submission, body);
    }
    const key = JSON.stringify([submission.tenant, submission.endpointUrl, submission.funnelId]);
    let funnel = this.funnels.get(key);
    if (!funnel) {
      funnel = { inFlight: 0, waiting: [], waitingBytes: 0, timer: undefined };
      this.funnels.set(key, funnel);
    }
    const queued = funnel;
    return new Promise<Answer>((resolve, reject) => {
      queued.waiting.push({ submission, body, arrivedAt: Date.now(), resolve, reject });
      queued.waitingBytes += body.length;
      const full =
        queued.waiting.length >= this.options.maxRequests || queued.waitingBytes >= GROUP_BYTES;
      if (queued.inFlight < IN_FLIGHT_PER_FUNNEL || full) this.send(key, queued);
      else queued.timer ??= setTimeout(() => this.send(key, queued), this.patienceMs());
    });
  }

  /** Sends the funnel's waiting requests (up to a group's size) as one job. */
  private send(key: string, funnel: FunnelQueue): void {
    clearTimeout(funnel.timer);
    funnel.timer = undefined;
    const members = funnel.waiting.splice(0, this.options.maxRequests);
    funnel.waitingBytes = funnel.waiting.reduce((sum, member) => sum + member.body.length, 0);
    if (members.length === 0) return;
    this.options.onSend?.(members.length);
    funnel.inFlight += 1;
    const sentAt = Date.now();
    void this.answer(members, () => {
      this.jobDurations.add(Date.now() - sentAt);
      funnel.inFlight -= 1;
      if (funnel.waiting.length > 0) this.send(key, funnel);
      else if (funnel.inFlight === 0) this.funnels.delete(key);
    });
  }

  /** How long a request waits for the job under way (see SHORTEST_WAIT_MS). */
  private patienceMs(): number {
    const usual = this.jobDurations.median() ?? 0;
    return Math.min(Math.max(2 * usual, SHORTEST_WAIT_MS), LONGEST_WAIT_MS);
  }

  /**
   * Runs the job, and calls `ended` before its requests hear their answers: the funnel's next
   * group is on its way before this one's answers are written out.
   */
  private async answer(members: Waiting[], ended: () => void): Promise<void> {
    let answers: Answer[];
    try {
      answers = await this.run(members);
    } catch (error) {
      ended();
      for (const member of members) member.reject(error);
      return;
    }
    ended();
    members.forEach((member, index) => {
      const answer = answers[index];
      if (answer) member.resolve(answer);
      else member.reject(new Error('The group job answered fewer requests than it was sent'));
    });
  }

  private async run(members: Waiting[]): Promise<Answer[]> {
    const [only] = members;
    if (only && members.length === 1)
      return [await this.submitter.submit(only.submission, only.body)];
    // The first to arrive has waited longest: what is left of its wait is the group's.
    const waited = Date.now() - Math.min(...members.map((member) => member.arrivedAt));
    const timeoutMs = Math.max(this.options.waitMs - waited, 1);
    return this.submitter.submitGroup(members, timeoutMs);
  }
}
