/**
 * The check of an export's URL when it is saved. Rules: docs/export.md#targets.
 */
import { checkedAddresses, type CheckOptions } from './checked-addresses';
import { TargetRefusedError } from './target-refused';

export type TargetCheck = { ok: true; url: URL } | { ok: false; problem: string };

const MAX_URL_LENGTH = 2_048;

/** The host of a URL as a resolver or `isIP` takes it: IPv6 literals lose their brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The URL's own faults, found without any lookup: the URL, or the problem with it. Used again
 * before each delivery, whose connections the agents check.
 */
export function parseTargetUrl(text: string): URL | string {
  if (text.length > MAX_URL_LENGTH) return `The URL is longer than ${MAX_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The URL is not a valid absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The URL must use https';
  // Credentials in a URL end up in logs and screens; the signature authenticates instead.
  if (url.username !== '' || url.password !== '') {
    return 'The URL must not hold a user name or password';
  }
  return url;
}

export async function checkTargetUrl(
  text: string,
  options: Omit<CheckOptions, 'plainHttp'>,
): Promise<TargetCheck> {
  const url = parseTargetUrl(text);
  if (typeof url === 'string') return { ok: false, problem: url };
  try {
    await checkedAddresses(hostOf(url), { ...options, plainHttp: url.protocol === 'http:' });
  } catch (error) {
    if (error instanceof TargetRefusedError) return { ok: false, problem: error.message };
    throw error;
  }
  return { ok: true, url };
}
