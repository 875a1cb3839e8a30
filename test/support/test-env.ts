/** Per-test-file isolation on shared engines: a database and a queue prefix of its own. */
import { randomBytes } from 'node:crypto';

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-bytes-long';

function required(name: 'REDIS_URL' | 'MONGO_URL'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the jest global set-up should have set it`);
  return value;
}

export function redisUrl(): string {
  return required('REDIS_URL');
}

/** MONGO_URL with its database replaced by a fresh one named after `label`. */
export function uniqueMongoUrl(label: string): string {
  const url = new URL(required('MONGO_URL'));
  url.pathname = `/t_${label.replace(/[^a-z0-9]/gi, '_').slice(0, 20)}_${randomBytes(3).toString('hex')}`;
  return url.toString();
}

export function uniquePrefix(label: string): string {
  return `t-${label.replace(/[^a-z0-9]/gi, '-').slice(0, 20)}-${randomBytes(3).toString('hex')}`;
}

/** The environment of one isolated deployment: API and worker processes that share it meet. */
export interface IsolatedEnv extends Record<string, string> {
  REDIS_URL: string;
  MONGO_URL: string;
  QUEUE_PREFIX: string;
  JWT_SECRET: string;
}

export function isolatedEnv(label: string): IsolatedEnv {
  return {
    REDIS_URL: redisUrl(),
    MONGO_URL: uniqueMongoUrl(label),
    QUEUE_PREFIX: uniquePrefix(label),
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'info',
  };
}
