/**
 * TRUST_PROXY: the reverse proxies whose `X-Forwarded-For` and `X-Forwarded-Proto` the API
 * believes, as addresses or CIDRs (docs/configuration.md). Only then is a request's client
 * address (the sign-in limits count by it) and its https-ness the client's, not the proxy's.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Reads the setting: the list as express's `trust proxy` takes it; undefined when malformed. */
export function parseTrustedProxies(value: string | undefined): string[] | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return [];
  const entries = text.split(',').map((part) => part.trim());
  return entries.every(isAddressOrCidr) ? entries : undefined;
}

function isAddressOrCidr(text: string): boolean {
  const [address = '', bits, ...rest] = text.split('/');
  // Read strictly, as written: no "127.1" or hex forms.
  if (rest.length > 0 || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  try {
    ipaddr.parseCIDR(text);
    return true;
  } catch {
    return false;
  }
}
