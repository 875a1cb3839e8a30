/**
 * A job's part of its request's trace, under the span the job carries (jobs.ts `trace`): the
 * wait in the queue, from when the job was added to when a worker took it, and the job itself. A
 * group job carries each member's span: it continues the first member's trace and links the
 * others. A job that carries none (tracing was off where it was added) runs untraced.
 */
import type { Job } from 'bullmq';
import { funnelAttributes } from '../platform/tracing/funnel-attributes';
import { inCarriedSpan } from '../platform/tracing/carried-span';
import { recordSpan, SpanKind, type Attributes, type Span } from '../platform/tracing/spans';
import {
  contextOfCarrier,
  traceCarrierSchema,
  type TraceCarrier,
} from '../platform/tracing/trace-carrier';

type TracedJob = Pick<Job, 'name' | 'data' | 'timestamp' | 'attemptsMade'>;

interface JobShape {
  trace?: unknown;
  members?: { trace?: unknown }[];
  tenant?: unknown;
  endpointUrl?: unknown;
  funnelId?: unknown;
}

function carriersOf(data: JobShape): TraceCarrier[] {
  const carried = [data.trace, ...(data.members ?? []).map((member) => member.trace)];
  return carried.flatMap((value) => {
    const parsed = traceCarrierSchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
}

function jobAttributes(job: TracedJob, data: JobShape): Attributes {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const tenant = text(data.tenant);
  return {
    'messaging.system': 'bullmq',
    'messaging.operation.type': 'process',
    'funnel_sync.job.name': job.name,
    'funnel_sync.job.attempt': job.attemptsMade + 1,
    ...(data.members ? { 'funnel_sync.group.requests': data.members.length } : {}),
    ...(tenant === undefined
      ? {}
      : funnelAttributes({
          tenant,
          endpointUrl: text(data.endpointUrl),
          funnelId: text(data.funnelId),
        })),
  };
}

/** The counts of a request's answer, on its job's span. */
function resultAttributes(result: unknown): Attributes {
  const stats = (result as { stats?: Record<string, unknown> } | undefined)?.stats;
  if (!stats) return {};
  const counts: Attributes = {};
  for (const name of ['imported', 'failed', 'deleted'] as const) {
    const count = stats[name];
    if (typeof count === 'number') counts[`funnel_sync.items.${name}`] = count;
  }
  return counts;
}

export function traceJob<T>(job: TracedJob, run: () => Promise<T>): Promise<T> {
  const data = (job.data ?? {}) as JobShape;
  const carriers = carriersOf(data);
  const [first, ...others] = carriers;
  if (!first) return run();
  const attributes = jobAttributes(job, data);
  const taken = Date.now();
  for (const carrier of carriers) {
    recordSpan(contextOfCarrier(carrier), 'queue wait', attributes, job.timestamp, taken);
  }
  const traced = async (span: Span) => {
    try {
      const result = await run();
      span.setAttributes(resultAttributes(result));
      return result;
    } finally {
      const work = [{ context: span.spanContext() }];
      for (const carrier of others) {
        recordSpan(
          contextOfCarrier(carrier),
          `job ${job.name}`,
          attributes,
          taken,
          Date.now(),
          work,
        );
      }
    }
  };
  return inCarriedSpan(carriers, `job ${job.name}`, attributes, traced, {
    kind: SpanKind.CONSUMER,
  });
}
