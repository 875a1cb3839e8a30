import { startProcess } from '../../support/processes';
import { isolatedEnv } from '../../support/test-env';

describe('start-up with a bad environment', () => {
  it('when PORT is not a number, then the API exits naming PORT in one line', async () => {
    const api = await startProcess(
      'api',
      { ...isolatedEnv('badport'), PORT: 'eighty' },
      { waitReady: false },
    );
    const code = await api.exited;
    const stderr = api.stderr.join('');
    expect(code).toBe(78);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('PORT must be a TCP port from 1 to 65535 (got "eighty")');
  });

  it('when JWT_SECRET is missing, then the API exits naming it', async () => {
    const env: Record<string, string> = isolatedEnv('nosecret');
    delete env.JWT_SECRET;
    const api = await startProcess('api', env, { waitReady: false });
    expect(await api.exited).toBe(78);
    expect(api.stderr.join('')).toContain(
      'JWT_SECRET is missing: expected a secret of at least 32 bytes',
    );
  });

  it('when WORKER_CONCURRENCY is zero, then the worker exits naming it', async () => {
    const worker = await startProcess(
      'worker',
      { ...isolatedEnv('badconc'), WORKER_CONCURRENCY: '0' },
      { waitReady: false },
    );
    expect(await worker.exited).toBe(78);
    expect(worker.stderr.join('')).toMatch(/WORKER_CONCURRENCY must be an integer from 1 to 256/);
  });
});
