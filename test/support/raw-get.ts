/** A GET whose answer is read as the bytes sent: fetch would decompress it. */
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** `encoding`: the Accept-Encoding asked for, none when undefined. */
export function getRaw(baseUrl: string, path: string, token: string, encoding: string | undefined) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (encoding !== undefined) headers['accept-encoding'] = encoding;
  return new Promise<RawAnswer>((resolve, reject) => {
    const asked = request(`${baseUrl}${path}`, { headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(parts),
        }),
      );
      response.on('error', reject);
    });
    asked.on('error', reject);
    asked.end();
  });
}
