/** TRUST_PROXY: the proxies whose X-Forwarded-For the API believes (docs/operations.md). */
import { ConfigError, loadConfig } from '../../../core/platform/config';

const validApi = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  MONGO_URL: 'mongodb://127.0.0.1:27017/funnel-sync',
  JWT_SECRET: 'x'.repeat(32),
};

const trusted = (value?: string) =>
  loadConfig('api', { ...validApi, ...(value === undefined ? {} : { TRUST_PROXY: value }) })
    .TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('when it is unset or empty, then no proxy is believed', () => {
    expect(trusted()).toEqual([]);
    expect(trusted(' ')).toEqual([]);
  });

  it('when it lists addresses and CIDRs, then they are kept as written', () => {
    expect(trusted('10.0.0.0/8, 127.0.0.1,fd00::/8, ::1')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      '::1',
    ]);
  });

  it.each(['loopback', '127.1', '10.0.0.0/33', '10.0.0.1/8/8', '10.0.0.1,', 'true'])(
    'when it holds %j, then start-up stops naming the variable',
    (value) => {
      expect(() => trusted(value)).toThrow(ConfigError);
      try {
        trusted(value);
      } catch (error) {
        expect((error as ConfigError).problems.join('\n')).toMatch(/TRUST_PROXY/);
      }
    },
  );
});
