/** `--json`: one JSON event per line on stdout, for CI and scripts. */
import type { CliOutput } from '../../cli-io';
import type { PushEvent, Reporter } from './push-events';

export function jsonReporter(out: CliOutput): Reporter {
  return {
    emit: (event: PushEvent) => out.write(JSON.stringify(event) + '\n'),
    close: () => undefined,
  };
}
