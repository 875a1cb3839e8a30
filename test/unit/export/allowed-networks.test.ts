/** EXPORT_ALLOWED_NETWORKS: read strictly, and a bad value stops start-up naming the variable. */
import { parseAllowedNetworks } from '../../../core/platform/allowed-networks';
import { ConfigError, loadConfig } from '../../../core/platform/config';

const required = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  MONGO_URL: 'mongodb://127.0.0.1:27017/funnel-sync',
  JWT_SECRET: 'x'.repeat(32),
};

describe('parseAllowedNetworks', () => {
  it('when the setting is unset or blank, then only public addresses are allowed', () => {
    expect(parseAllowedNetworks(undefined)).toEqual({ all: false, cidrs: [] });
    expect(parseAllowedNetworks('  ')).toEqual({ all: false, cidrs: [] });
  });

  it('when it is "all", then every network is allowed', () => {
    expect(parseAllowedNetworks(' all ')).toEqual({ all: true });
  });

  it('when it lists IPv4 and IPv6 CIDRs, then each is read', () => {
    const parsed = parseAllowedNetworks('127.0.0.0/8, ::1/128,fd00::/8');
    expect(parsed?.all).toBe(false);
    const cidrs = parsed && !parsed.all ? parsed.cidrs : [];
    expect(cidrs.map(([address, bits]) => `${address.toString()}/${bits}`)).toEqual([
      '127.0.0.0/8',
      '::1/128',
      'fd00::/8',
    ]);
  });

  it.each([
    ['a bare address', '10.0.0.1'],
    ['a prefix too long', '10.0.0.0/33'],
    ['an IPv6 prefix too long', '::1/129'],
    ['a short IPv4 form', '127.1/8'],
    ['a hex IPv4 form', '0x7f.0.0.1/8'],
    ['an empty entry', '10.0.0.0/8,'],
    ['"all" among CIDRs', 'all,10.0.0.0/8'],
    ['a name', 'intranet/8'],
  ])('when it holds %s, then it is refused', (_case, value) => {
    expect(parseAllowedNetworks(value)).toBeUndefined();
  });
});

describe('EXPORT_ALLOWED_NETWORKS in the configuration', () => {
  it.each(['api', 'worker'] as const)('when the %s role reads it, then it is parsed', (role) => {
    const config = loadConfig(role, { ...required, EXPORT_ALLOWED_NETWORKS: '127.0.0.0/8' });
    expect(config.EXPORT_ALLOWED_NETWORKS.all).toBe(false);
  });

  it('when it is unset, then the default is public addresses only', () => {
    expect(loadConfig('worker', required).EXPORT_ALLOWED_NETWORKS).toEqual({
      all: false,
      cidrs: [],
    });
  });

  it('when it is bad, then start-up stops with a problem naming it and what it expects', () => {
    let problems: string[] = [];
    try {
      loadConfig('api', { ...required, EXPORT_ALLOWED_NETWORKS: '10.0.0.0/8,intranet' });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^EXPORT_ALLOWED_NETWORKS must be comma-separated CIDRs .* \(got "10\.0\.0\.0\/8,intranet"\)$/,
    );
  });
});
