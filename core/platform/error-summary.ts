/**
 * An error as the fields of one log line: its message and the messages of the errors it wraps,
 * outermost first, without stacks. For a failure an operator reads and acts on (a process that
 * cannot start), where the stack only spreads the reason over many lines.
 */
import { causeChain } from './cause-chain';

export interface ErrorSummary {
  reason: string;
  code?: string;
  causes?: string[];
}

function messageOf(error: unknown): string {
  if (!(error instanceof Object)) return String(error);
  const { message, code, name, errors } = error as Partial<Error & AggregateError> & {
    code?: unknown;
  };
  if (message) return message;
  // A connection tried over IPv4 and IPv6 fails with an AggregateError whose own message is empty.
  if (Array.isArray(errors) && errors.length > 0) return errors.map(messageOf).join('; ');
  return typeof code === 'string' ? code : (name ?? 'unknown error');
}

export function summarizeError(error: unknown): ErrorSummary {
  const [outer, ...wrapped] = causeChain(error);
  if (outer === undefined) return { reason: messageOf(error) };
  const code = (outer as { code?: unknown }).code;
  return {
    reason: messageOf(outer),
    ...(typeof code === 'string' ? { code } : {}),
    ...(wrapped.length > 0 ? { causes: wrapped.map(messageOf) } : {}),
  };
}
