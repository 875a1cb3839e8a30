/**
 * Which IP addresses an export may connect to. Rules: docs/export.md#targets.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { AllowedNetworks } from '../config/allowed-networks';

// Never one receiver, whatever the operator allows: 0.0.0.0 reaches the host itself on Linux.
const NEVER = new Set(['unspecified', 'multicast', 'broadcast']);

export type AddressVerdict =
  { allowed: true; inAllowedNetwork: boolean } | { allowed: false; range: string };

function inCidrs(address: ipaddr.IPv4 | ipaddr.IPv6, allowed: AllowedNetworks): boolean {
  if (allowed.all) return true;
  return allowed.cidrs.some(
    ([network, bits]) => network.kind() === address.kind() && address.match(network, bits),
  );
}

/**
 * Public unicast addresses are allowed; any other range only inside an allowed network.
 * `inAllowedNetwork` says the operator opened it, which also lets plain http through.
 */
export function judgeAddress(text: string, allowed: AllowedNetworks): AddressVerdict {
  if (isIP(text) === 0) return { allowed: false, range: 'invalid' };
  const raw = ipaddr.parse(text);
  // An IPv4-mapped IPv6 address reaches the IPv4 one: it is judged as that address.
  const address =
    raw.kind() === 'ipv6' && (raw as ipaddr.IPv6).isIPv4MappedAddress()
      ? (raw as ipaddr.IPv6).toIPv4Address()
      : raw;
  const range = address.range();
  if (NEVER.has(range)) return { allowed: false, range };
  if (inCidrs(address, allowed) || inCidrs(raw, allowed)) {
    return { allowed: true, inAllowedNetwork: true };
  }
  if (range === 'unicast') return { allowed: true, inAllowedNetwork: false };
  return { allowed: false, range };
}
