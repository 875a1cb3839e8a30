/**
 * A trace's place carried where no async context reaches: in a job's data, in a change-log batch,
 * on an export delivery. The W3C Trace Context fields (`traceparent`, `tracestate`), written and
 * read by the propagator the tracing set-up registers; without one (tracing off) there is nothing
 * to carry.
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  trace,
  type Context,
  type SpanContext,
} from '@opentelemetry/api';
import { z } from 'zod';

export const traceCarrierSchema = z.object({
  traceparent: z.string().min(1).max(128),
  tracestate: z.string().max(512).optional(),
});
export type TraceCarrier = z.infer<typeof traceCarrierSchema>;

/** The active span's place, or undefined when no span is recording here. */
function currentTraceCarrier(): TraceCarrier | undefined {
  if (!trace.getActiveSpan()?.isRecording()) return undefined;
  const carrier: Partial<TraceCarrier> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? (carrier as TraceCarrier) : undefined;
}

/** `{ trace }` for an object that carries the active span's place; `{}` when there is none. */
export function traceField(): { trace?: TraceCarrier } {
  const carrier = currentTraceCarrier();
  return carrier ? { trace: carrier } : {};
}

/** The context a carried place continues in (the root context when it is unreadable). */
export function contextOfCarrier(carrier: TraceCarrier): Context {
  return propagation.extract(ROOT_CONTEXT, carrier);
}

/** The trace id a carrier names, if it names a valid one. */
export function traceIdOf(carrier: TraceCarrier | undefined): string | undefined {
  return carrier ? spanContextOfCarrier(carrier)?.traceId : undefined;
}

/** The span a carrier names, for a link to it; undefined when it names none. */
export function spanContextOfCarrier(carrier: TraceCarrier): SpanContext | undefined {
  const spanContext = trace.getSpanContext(contextOfCarrier(carrier));
  return spanContext && trace.isSpanContextValid(spanContext) ? spanContext : undefined;
}

/** The `traceparent` (and `tracestate`) headers of an outgoing call in the active span. */
export function traceHeaders(): Record<string, string> {
  const carrier = currentTraceCarrier();
  return carrier ? { ...carrier } : {};
}
