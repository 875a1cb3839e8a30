/**
 * pino, one JSON line per event, with the request or job id of the current context, and the
 * trace and span ids when a span records there.
 */
import pino, { type Logger, type LevelWithSilent } from 'pino';
import { currentLogContext } from './log-context';
import { activeTraceIds } from './tracing/spans';

export type { Logger } from 'pino';

/** Keys whose values never reach a log line, wherever they appear in a logged object. */
const REDACTED_PATHS = [
  'token',
  '*.token',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'JWT_SECRET',
  '*.JWT_SECRET',
  'secret',
  '*.secret',
  // An export delivery: its signing secrets and the body it sends.
  'secrets',
  '*.secrets',
  'payload',
  '*.payload',
];

export function createLogger(
  role: string,
  level: LevelWithSilent = 'info',
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'funnel-sync', role, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => ({ ...currentLogContext(), ...activeTraceIds() }),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  // Written as logged: a buffered line could reach stdout after a later one, or not at all, when
  // the process exits while a write is still in flight.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: true }));
}
