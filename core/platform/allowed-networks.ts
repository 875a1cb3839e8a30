/**
 * EXPORT_ALLOWED_NETWORKS: the networks an operator opens to export targets beyond the public
 * internet. Rules: docs/export.md#targets.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** `all`: every network; otherwise the listed CIDRs (none: public addresses only). */
export type AllowedNetworks = { all: true } | { all: false; cidrs: Cidr[] };

const PUBLIC_ONLY: AllowedNetworks = { all: false, cidrs: [] };

function parseCidr(text: string): Cidr | undefined {
  const match = /^([^/\s]+)\/(\d{1,3})$/.exec(text);
  // The address is read strictly (no "127.1" or hex forms): what the operator wrote is what opens.
  if (!match || isIP(match[1]!) === 0) return undefined;
  try {
    return ipaddr.parseCIDR(text);
  } catch {
    return undefined;
  }
}

/** Reads the setting; undefined when any part of it is not a CIDR (or `all` is mixed in). */
export function parseAllowedNetworks(value: string | undefined): AllowedNetworks | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return PUBLIC_ONLY;
  if (text === 'all') return { all: true };
  const cidrs: Cidr[] = [];
  for (const part of text.split(',')) {
    const cidr = parseCidr(part.trim());
    if (!cidr) return undefined;
    cidrs.push(cidr);
  }
  return { all: false, cidrs };
}
