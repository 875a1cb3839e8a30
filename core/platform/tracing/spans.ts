/**
 * Spans around the steps of a request, a job, an export delivery. A step's span is a child of the
 * span active where it runs; with none (tracing off, or work outside a traced request) the step
 * runs as it is, at the cost of one context look-up. Attributes name tenants, funnels, counts and
 * statuses, never a body's values or a secret (docs/operations.md#traces).
 */
import {
  context,
  INVALID_SPAN_CONTEXT,
  trace,
  SpanStatusCode,
  type Attributes,
  type Context,
  type Link,
  type SpanKind,
  type Span,
  type TimeInput,
} from '@opentelemetry/api';

export { SpanKind, type Attributes, type Span } from '@opentelemetry/api';

const tracer = () => trace.getTracer('funnel-sync');

/** Given to a step that runs without a span: setting its attributes does nothing. */
export const NO_SPAN: Span = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** A failed step's span says that it failed and the error's class, not its message. */
function markFailed(span: Span, error: unknown): void {
  const type = error instanceof Error ? error.name : typeof error;
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR });
}

async function runInSpan<T>(span: Span, run: (span: Span) => Promise<T>): Promise<T> {
  try {
    return await run(span);
  } catch (error) {
    markFailed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

export interface SpanOptions {
  kind?: SpanKind;
  links?: Link[];
  startTime?: TimeInput;
}

/** Runs `run` in a span under `parent`: the start of a trace's part in this process. */
export function inSpanUnder<T>(
  parent: Context,
  name: string,
  attributes: Attributes,
  run: (span: Span) => Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  const span = tracer().startSpan(name, { ...options, attributes }, parent);
  return context.with(trace.setSpan(parent, span), () => runInSpan(span, run));
}

/** Runs `run` in a child span of the active one; without one, as it is. */
export function inSpan<T>(
  name: string,
  attributes: Attributes,
  run: (span: Span) => Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  if (!trace.getActiveSpan()?.isRecording()) return run(NO_SPAN);
  return inSpanUnder(context.active(), name, attributes, run, options);
}

/** A span of a time that passed already (a wait, or work done in another trace), under `parent`. */
export function recordSpan(
  parent: Context,
  name: string,
  attributes: Attributes,
  startTime: TimeInput,
  endTime: TimeInput,
  links: Link[] = [],
): void {
  tracer().startSpan(name, { attributes, startTime, links }, parent).end(endTime);
}

/** The active span, to add attributes to: a span that records nothing when there is none. */
export function activeSpan(): Span {
  return trace.getActiveSpan() ?? NO_SPAN;
}

/** The ids a log line joins its trace by; none outside a recording span. */
export function activeTraceIds(): { trace_id?: string; span_id?: string } {
  const span = trace.getActiveSpan();
  if (!span?.isRecording()) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
