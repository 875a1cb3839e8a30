/** A start-up failure as one log line's fields: the reason and what it wraps, never a stack. */
import { summarizeError } from '../../../core/platform/error-summary';

describe('an error summary', () => {
  it('when an error wraps others, then it gives its message, code and their messages, outermost first', () => {
    const refused = Object.assign(new Error('listen EADDRINUSE: address already in use'), {
      code: 'EADDRINUSE',
    });
    const middle = new Error('the metrics server could not start', { cause: refused });
    const outer = Object.assign(new Error('WORKER_METRICS_PORT 9464: port 9464 is in use'), {
      cause: middle,
    });
    const summary = summarizeError(outer);
    expect(summary).toEqual({
      reason: 'WORKER_METRICS_PORT 9464: port 9464 is in use',
      causes: ['the metrics server could not start', 'listen EADDRINUSE: address already in use'],
    });
    expect(JSON.stringify(summary)).not.toContain('\\n');
    expect(summarizeError(refused)).toEqual({
      reason: 'listen EADDRINUSE: address already in use',
      code: 'EADDRINUSE',
    });
  });

  it('when a connection failed over both address families, then the inner messages stand in for the empty one', () => {
    const both = Object.assign(
      new AggregateError(
        [new Error('connect ECONNREFUSED ::1:1'), new Error('connect ECONNREFUSED 127.0.0.1:1')],
        '',
      ),
      { code: 'ECONNREFUSED' },
    );
    expect(summarizeError(both)).toEqual({
      reason: 'connect ECONNREFUSED ::1:1; connect ECONNREFUSED 127.0.0.1:1',
      code: 'ECONNREFUSED',
    });
  });

  it('when something other than an error is thrown, then its text is the reason', () => {
    expect(summarizeError('no')).toEqual({ reason: 'no' });
  });
});
