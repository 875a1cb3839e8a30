/** A resolver for tests: names answer what the test says, and every question is counted. */
import type { HostResolver, ResolvedAddress } from '../../../core/export/host-resolver';

export interface FakeDns {
  resolve: HostResolver;
  asked: string[];
}

export function fakeDns(answers: Record<string, string[]>): FakeDns {
  const asked: string[] = [];
  const resolve: HostResolver = async (hostname) => {
    asked.push(hostname);
    const addresses = answers[hostname];
    if (!addresses)
      throw Object.assign(new Error(`queryA ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address): ResolvedAddress => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
  };
  return { resolve, asked };
}
