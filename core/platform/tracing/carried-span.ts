/**
 * A span that continues work begun elsewhere, from the places it carries (a job's, a delivery's):
 * under the first, linked to the others. With none carried, the work runs untraced.
 */
import { type Attributes, type Span } from '@opentelemetry/api';
import { inSpanUnder, NO_SPAN, type SpanOptions } from './spans';
import { contextOfCarrier, spanContextOfCarrier, type TraceCarrier } from './trace-carrier';

export function inCarriedSpan<T>(
  carriers: readonly TraceCarrier[],
  name: string,
  attributes: Attributes,
  run: (span: Span) => Promise<T>,
  options: Omit<SpanOptions, 'links'> = {},
): Promise<T> {
  const [first, ...others] = carriers;
  if (!first) return run(NO_SPAN);
  const links = others.flatMap((carrier) => {
    const linked = spanContextOfCarrier(carrier);
    return linked ? [{ context: linked }] : [];
  });
  return inSpanUnder(contextOfCarrier(first), name, attributes, run, { ...options, links });
}
