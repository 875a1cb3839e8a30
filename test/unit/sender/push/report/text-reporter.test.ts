import { jsonReporter } from '../../../../../packages/sender/src/push/report/json-reporter';
import type { PushEvent } from '../../../../../packages/sender/src/push/report/push-events';
import { textReporter } from '../../../../../packages/sender/src/push/report/text-reporter';

const totals = {
  sent: 2_000,
  imported: 1_990,
  failed: 10,
  deleted: 0,
  requests: 2,
  retries: 1,
  skippedBatches: 0,
  replayed: 0,
  notWritten: 0,
};
const progress: PushEvent = {
  event: 'progress',
  itemsPerSecond: 1_000.4,
  fraction: 0.5,
  etaSeconds: 2,
  ...totals,
};
const summary: PushEvent = { event: 'summary', exitCode: 1, seconds: 4, ...totals };

function buffers() {
  const out = { stdout: '', stderr: '' };
  return {
    out,
    stdout: { write: (text: string) => (out.stdout += text) },
    stderr: { write: (text: string) => (out.stderr += text) },
  };
}

describe('what a person sees of a push', () => {
  it('on a terminal, one bar redrawn in place on stderr, and the summary on stdout', () => {
    const { out, stdout, stderr } = buffers();
    const reporter = textReporter(stdout, stderr, true);
    reporter.emit(progress);
    reporter.emit({ ...progress, sent: 3_000 });
    reporter.emit(summary);
    reporter.close();

    // The second drawing first erases the first: the bar never scrolls.
    const drawings = out.stderr.split('\r\x1b[2K');
    expect(drawings).toHaveLength(3);
    expect(drawings[0]).toBe(
      '[############------------]  50% 2000 items sent, 1990 imported, 10 failed, 1000 items/s, 1 retries, ETA 2s',
    );
    expect(out.stderr).not.toContain('\n');
    expect(out.stdout).toBe(
      'items sent: 2000, imported: 1990, failed: 10\nrequests: 2, retries: 1, time: 4s\n',
    );
  });

  it('in a log or a pipe, a plain line each time, without control characters', () => {
    const { out, stdout, stderr } = buffers();
    const reporter = textReporter(stdout, stderr, false);
    reporter.emit(progress);
    reporter.emit({ event: 'warning', message: 'something to know' });
    reporter.emit(summary);

    expect(out.stderr).toBe(
      '2000 items sent, 1990 imported, 10 failed, 1000 items/s, 1 retries, ETA 2s\n' +
        'warning: something to know\n',
    );
    // eslint-disable-next-line no-control-regex
    expect(out.stderr + out.stdout).not.toMatch(/[\r\x1b]/);
  });

  it('with --json, one JSON event a line on stdout, the summary included', () => {
    const { out, stdout } = buffers();
    const reporter = jsonReporter(stdout);
    reporter.emit(progress);
    reporter.emit(summary);
    reporter.close();

    const events = out.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as PushEvent);
    expect(events.map((event) => event.event)).toEqual(['progress', 'summary']);
    expect(events[1]).toMatchObject({ exitCode: 1, imported: 1_990, failed: 10 });
  });
});
