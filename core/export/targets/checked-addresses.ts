/**
 * A target host's addresses, each one judged: the one check both saving an export and every
 * connection of a delivery go through. Rules: docs/export.md#targets.
 */
import type { AllowedNetworks } from '../../platform/allowed-networks';
import { judgeAddress } from './address-policy';
import { addressesOf, type HostResolver, type ResolvedAddress } from './host-resolver';
import { TargetRefusedError } from './target-refused';

const RANGE_WORDS: Record<string, string> = {
  private: 'private',
  loopback: 'loopback',
  linkLocal: 'link-local',
  carrierGradeNat: 'shared (carrier-grade NAT)',
  uniqueLocal: 'unique local',
  multicast: 'multicast',
  broadcast: 'broadcast',
  unspecified: 'unspecified',
  rfc6052: 'NAT64',
  '6to4': '6to4',
  teredo: 'Teredo',
  'not global unicast': 'non-global (outside 2000::/3)',
};

export interface CheckOptions {
  allowed: AllowedNetworks;
  resolve: HostResolver;
  /** Plain http: every address must lie in a network the operator allowed. */
  plainHttp?: boolean;
}

/** The host's addresses when every one of them may be reached; a TargetRefusedError otherwise. */
export async function checkedAddresses(
  host: string,
  { allowed, resolve, plainHttp = false }: CheckOptions,
): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await addressesOf(host, resolve);
  } catch {
    throw new TargetRefusedError(`The host "${host}" cannot be resolved`);
  }
  if (addresses.length === 0) throw new TargetRefusedError(`The host "${host}" has no address`);
  for (const { address } of addresses) {
    const verdict = judgeAddress(address, allowed);
    if (!verdict.allowed) {
      const kind = RANGE_WORDS[verdict.range] ?? `reserved (${verdict.range})`;
      throw new TargetRefusedError(
        `The host "${host}" resolves to a ${kind} address, which exports may not reach ` +
          'unless the operator allows its network (EXPORT_ALLOWED_NETWORKS)',
      );
    }
    if (plainHttp && !verdict.inAllowedNetwork) {
      throw new TargetRefusedError(
        `Plain http to "${host}" is refused: use https (http is only for networks the ` +
          'operator allows in EXPORT_ALLOWED_NETWORKS)',
      );
    }
  }
  return addresses;
}
