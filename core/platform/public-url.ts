/**
 * The address people and senders reach the service at (`PUBLIC_URL`): the links the service
 * hands out, such as an invitation's, start with it. It is an http or https origin, optionally
 * with the path the service is served below (behind a proxy), without credentials, query or
 * fragment; kept without a trailing slash.
 */

/** `text` as a public URL without its trailing slash, or undefined when it is not one. */
export function parsePublicUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return undefined;
  }
  const plain = !url.username && !url.password && !url.search && !url.hash;
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  if (!plain || !web || text.includes('?') || text.includes('#')) return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
