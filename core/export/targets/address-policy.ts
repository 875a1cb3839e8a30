/**
 * Which IP addresses an export may connect to. Rules: docs/export.md#targets.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { AllowedNetworks } from '../../platform/allowed-networks';

// Never one receiver, whatever the operator allows: 0.0.0.0 reaches the host itself on Linux.
const NEVER = new Set(['unspecified', 'multicast', 'broadcast']);

export type AddressVerdict =
  { allowed: true; inAllowedNetwork: boolean } | { allowed: false; range: string };

/** IPv6 unicast is public only in the global unicast block, 2000::/3, and outside its special ranges. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const NOT_GLOBAL = 'not global unicast';

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
  const address = carriedIPv4(raw) ?? raw;
  const range = address.range();
  if (NEVER.has(range)) return { allowed: false, range };
  if (inCidrs(address, allowed) || inCidrs(raw, allowed)) {
    return { allowed: true, inAllowedNetwork: true };
  }
  if (range !== 'unicast') return { allowed: false, range };
  if (address.kind() === 'ipv6' && !address.match(GLOBAL_UNICAST)) {
    return { allowed: false, range: NOT_GLOBAL };
  }
  return { allowed: true, inAllowedNetwork: false };
}

/**
 * The IPv4 address an IPv6 one reaches, judged as that address: IPv4-mapped (`::ffff:a.b.c.d`)
 * and IPv4-compatible (`::a.b.c.d`, the first 96 bits zero; `::` and `::1` are IPv6's own).
 */
function carriedIPv4(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | undefined {
  if (address.kind() !== 'ipv6') return undefined;
  const ipv6 = address as ipaddr.IPv6;
  if (ipv6.isIPv4MappedAddress()) return ipv6.toIPv4Address();
  const parts = ipv6.parts;
  const compatible = parts.slice(0, 6).every((part) => part === 0) && (parts[6] ?? 0) !== 0;
  if (!compatible) return undefined;
  const [high = 0, low = 0] = parts.slice(6);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
