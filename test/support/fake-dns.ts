/** A resolver for export tests: names answer what the test says, and every question is kept. */
import type { HostResolver, ResolvedAddress } from '../../core/export/targets/host-resolver';

export interface FakeDns {
  resolve: HostResolver;
  asked: string[];
  /** Replaces every answer, as a name's owner may do between saving and delivering. */
  answer(answers: Record<string, string[]>): void;
}

export function fakeDns(initial: Record<string, string[]> = {}): FakeDns {
  let answers = initial;
  const asked: string[] = [];
  const resolve: HostResolver = (hostname) => {
    asked.push(hostname);
    const addresses = answers[hostname];
    if (!addresses) {
      const error = Object.assign(new Error(`queryA ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return Promise.reject(error);
    }
    return Promise.resolve(
      addresses.map((address): ResolvedAddress => ({
        address,
        family: address.includes(':') ? 6 : 4,
      })),
    );
  };
  return {
    resolve,
    asked,
    answer(next) {
      answers = next;
    },
  };
}
