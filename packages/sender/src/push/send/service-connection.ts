/**
 * Where the service is and who is asking: `--url`/`--token`, else FUNNEL_SYNC_URL and
 * FUNNEL_SYNC_TOKEN. The variable is preferred for the token: a command line is visible to
 * other users of the machine (`ps`).
 */
import { UsageError } from './push-errors';
import { ServiceClient, type ExchangeBounds } from './service-client';

export interface ConnectionOptions {
  url?: string;
  token?: string;
}

export function connect(
  options: ConnectionOptions,
  env: NodeJS.ProcessEnv,
  bounds: ExchangeBounds,
): ServiceClient {
  const url = options.url ?? env.FUNNEL_SYNC_URL;
  const token = options.token ?? env.FUNNEL_SYNC_TOKEN;
  if (!url) throw new UsageError('no service URL: set FUNNEL_SYNC_URL or pass --url');
  if (!token) throw new UsageError('no token: set FUNNEL_SYNC_TOKEN (or pass --token)');
  return new ServiceClient(baseUrlOf(url), token, bounds);
}

/** Takes `http://host:3000`, with or without a trailing `/api/v1`: paths are absolute. */
function baseUrlOf(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--url: not a URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--url: expected an http or https URL, got ${text}`);
  }
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '') + '/';
  return url;
}
