/**
 * The span of a request this process serves, under the sender's `traceparent` when it sent one
 * (a new trace when not, or when it is unreadable).
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  trace,
  SpanKind,
  SpanStatusCode,
} from '@opentelemetry/api';
import type { Attributes, Context, Span } from '@opentelemetry/api';

const tracer = () => trace.getTracer('funnel-sync');

export interface ServerSpan {
  span: Span;
  /** The context the request's work runs in, with the span active. */
  context: Context;
  /** For a log line written outside that context. */
  ids: { trace_id: string; span_id: string };
}

/** The request's span; undefined when it records nothing (tracing off, or sampled out). */
export function startServerSpan(
  name: string,
  headers: Record<string, string | string[] | undefined>,
  attributes: Attributes,
): ServerSpan | undefined {
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  const span = tracer().startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
  if (!span.isRecording()) return undefined;
  const { traceId, spanId } = span.spanContext();
  return {
    span,
    context: trace.setSpan(parent, span),
    ids: { trace_id: traceId, span_id: spanId },
  };
}

/** Runs `run` with the server span active. */
export function inServerSpan<T>(server: ServerSpan, run: () => T): T {
  return context.with(server.context, run);
}

/** Ends the span with the answer's status: a 5xx marks it failed. */
export function endServerSpan(server: ServerSpan, statusCode: number): void {
  server.span.setAttribute('http.response.status_code', statusCode);
  if (statusCode >= 500) server.span.setStatus({ code: SpanStatusCode.ERROR });
  server.span.end();
}
