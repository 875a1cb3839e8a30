/**
 * For a person: on a terminal, one progress line redrawn in place on stderr; otherwise (a log
 * file, a pipe) a plain progress line each time the ticker fires, every few seconds. Warnings
 * and retries get lines of their own; the summary goes to stdout.
 */
import type { CliOutput } from '../../cli-io';
import { progressLine } from './progress-line';
import type { PushEvent, Reporter } from './push-events';
import { summaryText } from './summary-text';

const BAR_WIDTH = 24;

export function textReporter(stdout: CliOutput, stderr: CliOutput, isTty: boolean): Reporter {
  let drawn = false;
  const clear = () => {
    if (drawn) stderr.write('\r\x1b[2K');
    drawn = false;
  };
  const line = (text: string) => {
    clear();
    stderr.write(text + '\n');
  };
  return {
    emit(event: PushEvent) {
      switch (event.event) {
        case 'progress':
          if (isTty) {
            clear();
            stderr.write(progressLine(event, BAR_WIDTH));
            drawn = true;
          } else line(progressLine(event));
          return;
        case 'retry':
          return line(
            `retrying ${event.request} in ${(event.delayMs / 1000).toFixed(1)}s (${event.status ?? event.error})`,
          );
        case 'warning':
          return line(`warning: ${event.message}`);
        case 'sync-open':
          return line(`full sync ${event.syncId} opened`);
        case 'would-delete':
          clear();
          stdout.write(wouldDeleteText(event));
          return;
        case 'sync-commit':
          return line(`sync ${event.syncId} commit: ${event.message}`);
        case 'summary':
          clear();
          stdout.write(summaryText(event));
          if (event.message)
            stderr.write(`${event.exitCode === 0 ? '' : 'error: '}${event.message}\n`);
          return;
        default:
          return;
      }
    },
    close: clear,
  };
}

function wouldDeleteText(event: Extract<PushEvent, { event: 'would-delete' }>): string {
  const verdict = event.withinLimit ? 'within' : 'over';
  const head = `the commit would delete ${event.wouldDelete} items (${verdict} the limit of ${event.allowed}):`;
  return [head, ...event.identifiers.map((id) => `  ${id}`)].join('\n') + '\n';
}
