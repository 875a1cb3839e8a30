import type { Answer } from '../../../core/submission/answer';
import type { GroupMember, Submission } from '../../../core/submission/submission';
import {
  GROUPABLE_BODY_BYTES,
  IN_FLIGHT_PER_FUNNEL,
  LONGEST_WAIT_MS,
  RequestGroups,
  SHORTEST_WAIT_MS,
  type GroupSubmitter,
} from '../../../core/submission/request-groups';

/** A job the test ends when it chooses: what the submitter was sent, and how to answer it. */
interface SentJob {
  requestIds: string[];
  finish(): void;
  fail(error: Error): void;
}

/** The queue's side, held by the test: each job waits until the test finishes it. */
class HeldSubmitter implements GroupSubmitter {
  readonly jobs: SentJob[] = [];

  submit(submission: Submission): Promise<Answer> {
    return this.hold([submission.requestId]).then((answers) => answers[0] as Answer);
  }

  submitGroup(members: readonly GroupMember[]): Promise<Answer[]> {
    return this.hold(members.map((member) => member.submission.requestId));
  }

  private hold(requestIds: string[]): Promise<Answer[]> {
    return new Promise((resolve, reject) => {
      this.jobs.push({
        requestIds,
        finish: () => resolve(requestIds.map((id) => answerFor(id))),
        fail: reject,
      });
    });
  }
}

const answerFor = (requestId: string): Answer => ({
  state: 'answered',
  httpStatus: 200,
  envelope: { status: 'success', message: requestId },
  replayed: false,
});

let counter = 0;
function submission(overrides: Partial<Submission> = {}): Submission {
  counter += 1;
  return {
    requestId: `r${counter}`,
    recordId: `r${counter}`,
    tenant: 'acme',
    endpointUrl: 'products',
    funnelId: 'products',
    method: 'POST',
    receivedAt: new Date().toISOString(),
    sequence: counter,
    tokenId: null,
    dryRun: false,
    bodyFormat: 'json',
    ...overrides,
  };
}

const BODY = Buffer.from('{"sku":"A"}');

/** Lets the promise callbacks that follow a finished job run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RequestGroups', () => {
  let submitter: HeldSubmitter;
  let groups: RequestGroups;

  beforeEach(() => {
    submitter = new HeldSubmitter();
    groups = new RequestGroups(submitter, { maxRequests: 3, waitMs: 30_000 });
  });
  afterEach(() => jest.useRealTimers());

  /** Fills the funnel's jobs under way with lone requests. */
  const busyFunnel = () => {
    for (let i = 0; i < IN_FLIGHT_PER_FUNNEL; i += 1) void groups.submit(submission(), BODY);
  };

  it('when a funnel has no job under way, then a request goes at once, alone', () => {
    void groups.submit(submission({ requestId: 'lone' }), BODY);
    expect(submitter.jobs.map((job) => job.requestIds)).toEqual([['lone']]);
  });

  it('when the funnel is busy, then the requests that arrive wait and go together, each answered', async () => {
    busyFunnel();
    const waiting = ['w1', 'w2'].map((id) => groups.submit(submission({ requestId: id }), BODY));
    expect(submitter.jobs).toHaveLength(IN_FLIGHT_PER_FUNNEL);

    submitter.jobs[0]?.finish();
    await settle();
    expect(submitter.jobs[IN_FLIGHT_PER_FUNNEL]?.requestIds).toEqual(['w1', 'w2']);
    submitter.jobs[IN_FLIGHT_PER_FUNNEL]?.finish();
    expect(await Promise.all(waiting)).toEqual([answerFor('w1'), answerFor('w2')]);
  });

  it('when a job ends, then the next group is sent before its own requests hear their answers', async () => {
    const lone = groups.submit(submission(), BODY);
    void groups.submit(submission({ requestId: 'next' }), BODY);
    const jobsWhenAnswered = lone.then(() => submitter.jobs.length);
    submitter.jobs[0]?.finish();
    expect(await jobsWhenAnswered).toBe(2);
    expect(submitter.jobs[1]?.requestIds).toEqual(['next']);
  });

  it('when as many requests wait as a group holds, then they go without waiting more', () => {
    busyFunnel();
    ['x1', 'x2', 'x3'].forEach((id) => void groups.submit(submission({ requestId: id }), BODY));
    expect(submitter.jobs.at(-1)?.requestIds).toEqual(['x1', 'x2', 'x3']);
  });

  /** Ends the lone job of a funnel with nothing under way after `ms`: the usual job, as measured. */
  const jobTaking = async (ms: number) => {
    void groups.submit(submission(), BODY);
    jest.advanceTimersByTime(ms);
    submitter.jobs.at(-1)?.finish();
    await settle();
  };

  /** Sends a request to a busy funnel; answers how long it waited before it went anyway. */
  const waitBeforeGoingAnyway = () => {
    busyFunnel();
    const sent = submitter.jobs.length;
    void groups.submit(submission({ requestId: 'late' }), BODY);
    let waited = 0;
    while (submitter.jobs.length === sent) {
      jest.advanceTimersByTime(1);
      waited += 1;
    }
    expect(submitter.jobs.at(-1)?.requestIds).toEqual(['late']);
    return waited;
  };

  it('when no job has ended yet and the one under way takes long, then a waiting request goes after the shortest wait', () => {
    jest.useFakeTimers();
    expect(waitBeforeGoingAnyway()).toBe(SHORTEST_WAIT_MS);
  });

  it('when jobs usually take 300 ms, then a waiting request waits up to twice that for the one under way', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    for (const ms of [250, 300, 5_000]) await jobTaking(ms);
    expect(waitBeforeGoingAnyway()).toBe(600);
  });

  it('when jobs usually take very long, then a waiting request goes after the longest wait', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    await jobTaking(LONGEST_WAIT_MS);
    expect(waitBeforeGoingAnyway()).toBe(LONGEST_WAIT_MS);
  });

  it('when a group job fails, then each of its requests gets the error', async () => {
    busyFunnel();
    const waiting = ['f1', 'f2'].map((id) => groups.submit(submission({ requestId: id }), BODY));
    submitter.jobs[0]?.finish();
    await settle();
    submitter.jobs.at(-1)?.fail(new Error('the queue is away'));
    for (const answer of waiting) await expect(answer).rejects.toThrow('the queue is away');
  });

  it('when requests go to different funnels or tenants, then they never share a job', () => {
    busyFunnel();
    void groups.submit(submission({ requestId: 'other-funnel', endpointUrl: 'articles' }), BODY);
    void groups.submit(submission({ requestId: 'other-tenant', tenant: 'globex' }), BODY);
    expect(submitter.jobs.slice(-2).map((job) => job.requestIds)).toEqual([
      ['other-funnel'],
      ['other-tenant'],
    ]);
  });

  it.each([
    ['a DELETE', submission({ method: 'DELETE' }), BODY],
    ["a full sync's request", submission({ sync: 'nightly' }), BODY],
    ['a large body', submission(), Buffer.alloc(GROUPABLE_BODY_BYTES + 1)],
  ])('when the request is %s, then it goes alone even to a busy funnel', (_what, sent, body) => {
    busyFunnel();
    void groups.submit(sent, body);
    expect(submitter.jobs.at(-1)?.requestIds).toEqual([sent.requestId]);
  });

  it('when jobs are sent, then each is told with how many requests it carries', async () => {
    const sizes: number[] = [];
    groups = new RequestGroups(submitter, {
      maxRequests: 3,
      waitMs: 30_000,
      onSend: (n) => sizes.push(n),
    });
    void groups.submit(submission(), BODY);
    ['s1', 's2'].forEach((id) => void groups.submit(submission({ requestId: id }), BODY));
    submitter.jobs[0]?.finish();
    await settle();
    expect(sizes).toEqual([1, 2]);
  });

  it('when groups hold one request, then every request goes alone at once', () => {
    groups = new RequestGroups(submitter, { maxRequests: 1, waitMs: 30_000 });
    for (let i = 0; i < IN_FLIGHT_PER_FUNNEL + 2; i += 1) void groups.submit(submission(), BODY);
    expect(submitter.jobs).toHaveLength(IN_FLIGHT_PER_FUNNEL + 2);
  });
});
