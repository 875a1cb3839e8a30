/**
 * `npm run dev`: one API and one worker on local engines. When REDIS_URL or MONGO_URL is unset,
 * it installs what is missing (scripts/install-engines.sh) and starts redis-server and DocumentDB
 * with their data in .engines/dev, kept across runs. Ctrl-C stops everything it started.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bootstrapTenant } from '../core/auth/bootstrap';
import { collections } from '../core/storage/collections';
import { connectMongo } from '../core/mongo/connection';
import { startLocalEngines, type LocalEngines } from './local-engines';
import type { LaunchedProcess } from './processes/launched-process';
import { startService } from './processes/service';
import { createServiceIndexes } from './processes/service-indexes';

const ROOT = path.resolve(__dirname, '..');
const DEV_DIR = path.join(ROOT, '.engines', 'dev');

/** A JWT secret kept in .engines/ so that dev tokens outlive a restart. */
function devJwtSecret(): string {
  const file = path.join(ROOT, '.engines', 'dev-jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/** `redisUrl` is unset when the caller named a Redis Cluster or Sentinel group instead. */
async function engineUrls(): Promise<{
  redisUrl?: string;
  mongoUrl: string;
  engines?: LocalEngines;
}> {
  const { REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS, MONGO_URL } = process.env;
  const redisNamed = Boolean(REDIS_URL || REDIS_CLUSTER_NODES || REDIS_SENTINELS);
  if (redisNamed && MONGO_URL) return { redisUrl: REDIS_URL, mongoUrl: MONGO_URL };
  const install = spawnSync('bash', [path.join(ROOT, 'scripts/install-engines.sh')], {
    stdio: 'inherit',
  });
  if (install.status !== 0) throw new Error('Installing the local engines failed (see above).');
  const engines = await startLocalEngines({ dataDir: DEV_DIR });
  console.log(
    `[dev] redis-server at ${engines.redisUrl}, ${engines.engineName} at ${engines.mongoUrl}`,
  );
  return {
    redisUrl: redisNamed ? REDIS_URL : engines.redisUrl,
    mongoUrl: MONGO_URL ?? engines.mongoUrl,
    engines,
  };
}

/**
 * A token for the `dev` tenant, so that the API can be tried at once. Each run makes a new token
 * (bootstrapTenant reuses the tenant and its user).
 */
async function printDevToken(mongoUrl: string, secret: string, baseUrl: string): Promise<void> {
  const mongo = await connectMongo(mongoUrl, 'funnel-sync-dev');
  try {
    const { token } = await bootstrapTenant(collections(mongo), secret, {
      tenant: 'dev',
      email: 'dev@funnel-sync.local',
      tokenName: 'npm run dev',
    });
    console.log(
      [
        '[dev] a token for tenant "dev" (dev@funnel-sync.local), with all four abilities:',
        `  ${token}`,
        '[dev] try it:',
        `  curl -H "Authorization: Bearer ${token}" ${baseUrl}/api/v1/settings/funnels`,
        `[dev] API docs: ${baseUrl}/api/v1/docs\n`,
      ].join('\n'),
    );
  } finally {
    await mongo.close();
  }
}

async function main(): Promise<void> {
  const { redisUrl, mongoUrl, engines } = await engineUrls();
  const port = process.env.PORT ?? '3000';
  const env = {
    ...process.env,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    MONGO_URL: mongoUrl,
    PORT: port,
    // Invitation links lead to where this API listens.
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
    JWT_SECRET: process.env.JWT_SECRET ?? devJwtSecret(),
  };
  const children: LaunchedProcess[] = [];
  let stopping = false;

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(children.map((child) => child.stop('SIGTERM')));
    await engines?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  // As a deploy does: the processes only check that they are there.
  await createServiceIndexes(mongoUrl);
  // Their logs go to this terminal; the API is ready once /readyz answers 200.
  const started = await Promise.allSettled(
    (['api', 'worker'] as const).map((role) =>
      startService(role, { env, forward: true, keepLines: 'until-ready' }),
    ),
  );
  for (const result of started) {
    if (result.status === 'fulfilled') children.push(result.value);
    else console.error(`[dev] ${(result.reason as Error).message}`);
  }
  if (children.length < started.length) return stop(1);
  for (const child of children) {
    void child.exited.then((code) => {
      if (stopping) return;
      console.error(`[dev] ${child.name} exited (code ${code}); stopping the rest`);
      void stop(1);
    });
  }

  const baseUrl = `http://127.0.0.1:${port}`;
  console.log(`\n[dev] funnel-sync is ready at ${baseUrl}  (readiness: ${baseUrl}/readyz)\n`);
  await printDevToken(mongoUrl, env.JWT_SECRET, baseUrl).catch((error: unknown) =>
    console.error(`[dev] no dev token: ${(error as Error).message}`),
  );
}

main().catch((error: unknown) => {
  console.error(`[dev] ${(error as Error).message}`);
  process.exit(1);
});
