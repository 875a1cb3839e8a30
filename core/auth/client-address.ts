/**
 * The address a sign-in is counted under (docs/access.md#signing-in): an IPv4 address as it is,
 * and an IPv6 address by its /64, the block one subscriber or host is usually given, so that
 * walking through its addresses gains nothing. An IPv4 address that a dual-stack socket shows
 * as IPv6 (`::ffff:a.b.c.d`) counts as that IPv4 address.
 */
import ipaddr from 'ipaddr.js';

const IPV6_BLOCK_BYTES = 8;

/** The counted form of `address`; `unknown` when there is none or it is not an address. */
export function addressBlockOf(address: string | undefined): string {
  if (!address || !ipaddr.isValid(address)) return 'unknown';
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const bytes = parsed.toByteArray().map((byte, at) => (at < IPV6_BLOCK_BYTES ? byte : 0));
  return `${ipaddr.fromByteArray(bytes).toString()}/64`;
}
