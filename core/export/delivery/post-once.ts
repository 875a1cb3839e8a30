/**
 * One POST of a body to a receiver, under a deadline, reading only what the delivery log keeps
 * of the answer. Redirects are answers like any other: Node's client never follows them.
 */
import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { RESPONSE_BODY_LIMIT, type DeliveryAttempt } from './delivery-attempt';
import { DeliveryTimeoutError } from './delivery-error';
import { parseRetryAfter } from './retry-after';

export type Answer = Pick<DeliveryAttempt, 'status' | 'responseBody' | 'retryAfterSeconds'>;

export interface Post {
  url: URL;
  agent: http.Agent;
  headers: OutgoingHttpHeaders;
  body: string;
  timeoutMs: number;
  startedAt: Date;
}

/** The status, the body's first KiB and `Retry-After`; the body is read no further. */
function readAnswer(response: IncomingMessage, now: Date, done: (answer: Answer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const finish = () =>
    done({
      status: response.statusCode,
      responseBody: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8'),
      retryAfterSeconds: parseRetryAfter(response.headers['retry-after'], now),
    });
  response.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= RESPONSE_BODY_LIMIT) response.destroy();
  });
  // Cut short (by the limit, the deadline or the receiver), the answer stands as read.
  response.on('error', () => undefined);
  response.on('close', finish);
}

/** Resolves with the answer, or rejects with why none came. */
export function postOnce({
  url,
  agent,
  headers,
  body,
  timeoutMs,
  startedAt,
}: Post): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method: 'POST', headers, agent });
    let response: IncomingMessage | undefined;
    const deadline = setTimeout(() => {
      if (response) response.destroy();
      else request.destroy(new DeliveryTimeoutError(timeoutMs));
    }, timeoutMs);
    request.on('response', (answer) => {
      response = answer;
      readAnswer(answer, startedAt, (read) => {
        clearTimeout(deadline);
        resolve(read);
      });
    });
    request.on('error', (error) => {
      if (response) return;
      clearTimeout(deadline);
      reject(error);
    });
    request.end(body);
  });
}
