/**
 * Configuration from the environment, validated once at start-up. Each process role reads only
 * the variables it needs; a bad or missing value is reported with the variable's name and what
 * it expects, and never with a secret's value.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { parseAllowedNetworks, type AllowedNetworks } from './allowed-networks';
import { parseNodeList, topologyProblems } from './redis-topology';
import { parsePortRange, type PortRange } from './port-range';
import { parseTrustedProxies } from './trusted-proxies';
import { parsePublicUrl } from './public-url';
import { tracingProblems } from './tracing/tracing-settings';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A write concern's `w`: a majority of the replica set's members, or that many of them. */
export type WriteConcernLevel = 'majority' | number;

function integer(min: number, max: number) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** A transform by `parse`, which answers undefined for what it cannot read: that is an issue. */
function parsedBy<T>(parse: (value: string | undefined) => T | undefined, message: string) {
  return (value: string | undefined, context: z.RefinementCtx): T => {
    const parsed = parse(value);
    if (parsed !== undefined) return parsed;
    context.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
}

function nodeList() {
  return z
    .string()
    .transform(parsedBy((value) => parseNodeList(value ?? ''), 'not a list of host:port'))
    .optional();
}

interface Variable {
  schema: z.ZodType;
  expects: string;
  secret?: boolean;
}

/** Every variable funnel-sync reads; docs/configuration.md lists each (a test holds them together). */
export const VARIABLES = {
  PORT: { schema: integer(1, 65_535).default(3000), expects: 'a TCP port from 1 to 65535' },
  // The default is where `npm run dev` serves; a deployment sets its own (docs/configuration.md).
  PUBLIC_URL: {
    schema: z
      .string()
      .transform(parsedBy((value) => parsePublicUrl(value ?? ''), 'not a public URL'))
      .default('http://127.0.0.1:3000'),
    expects:
      'an http:// or https:// URL without query or fragment (the address people reach the service at)',
  },
  // Where Redis is: exactly one of REDIS_URL, REDIS_CLUSTER_NODES and REDIS_SENTINELS.
  REDIS_URL: {
    schema: z
      .string()
      .regex(/^rediss?:\/\/\S+$/)
      .optional(),
    expects: 'a redis:// or rediss:// URL',
  },
  REDIS_CLUSTER_NODES: {
    schema: nodeList(),
    expects: 'host:port of one or more Redis Cluster nodes, separated by commas',
  },
  REDIS_SENTINELS: {
    schema: nodeList(),
    expects: 'host:port of one or more Redis Sentinels, separated by commas',
  },
  REDIS_SENTINEL_MASTER: {
    schema: z
      .string()
      .regex(/^\S{1,128}$/)
      .optional(),
    expects: 'the name the Sentinels know the primary by',
  },
  // Credentials of the cluster's nodes or the Sentinel's primary (REDIS_URL carries its own).
  REDIS_USERNAME: {
    schema: z
      .string()
      .regex(/^\S{1,128}$/)
      .optional(),
    expects: 'a Redis ACL user name',
  },
  REDIS_PASSWORD: {
    schema: z.string().min(1).max(512).optional(),
    expects: 'the Redis password',
    secret: true,
  },
  // Every process of a deployment must agree: a tenant's shard is its hash modulo this count.
  QUEUE_SHARDS: {
    schema: integer(1, 256).default(1),
    expects:
      'an integer from 1 to 256 (queue shards; the same in every process, changed only on drained queues)',
  },
  MONGO_URL: {
    schema: z.string().regex(/^mongodb(\+srv)?:\/\/\S+$/),
    expects: 'a mongodb:// or mongodb+srv:// URL',
  },
  // Every write waits for this acknowledgement (docs/storage.md#write-and-read-concern).
  MONGO_WRITE_CONCERN: {
    schema: z
      .string()
      .trim()
      .regex(/^(majority|[1-9]\d?)$/)
      .transform((value): WriteConcernLevel => (value === 'majority' ? value : Number(value)))
      .default('majority'),
    expects: '"majority", or the number of members that acknowledge a write (1 to 99)',
  },
  // No wait on MongoDB is endless (docs/storage.md#timeouts-and-read-preference).
  MONGO_WRITE_TIMEOUT_MS: {
    schema: integer(100, 600_000).default(10_000),
    expects:
      'milliseconds from 100 to 600000 (how long a write waits for its write concern before it fails)',
  },
  MONGO_QUERY_TIMEOUT_MS: {
    schema: integer(100, 3_600_000).default(30_000),
    expects: 'milliseconds from 100 to 3600000 (the server-side time limit of a read)',
  },
  JWT_SECRET: {
    schema: z.string().refine((value) => Buffer.byteLength(value) >= 32),
    expects: 'a secret of at least 32 bytes',
    secret: true,
  },
  WORKER_CONCURRENCY: {
    schema: integer(1, 256).default(4),
    expects: 'an integer from 1 to 256 (jobs one worker runs at once)',
  },
  MAX_BODY_BYTES: {
    schema: integer(1_024, 1_073_741_824).default(16 * 1024 * 1024),
    expects: 'an integer byte count from 1024 to 1073741824',
  },
  MAX_ITEMS: {
    schema: integer(1, 1_000_000).default(10_000),
    expects: 'an integer from 1 to 1000000',
  },
  // The most failed requests one re-drive sends (docs/api-behaviour.md#re-drive).
  REDRIVE_MAX_REQUESTS: {
    schema: integer(1, 1_000_000).default(10_000),
    expects: 'an integer from 1 to 1000000 (failed requests one re-drive may send)',
  },
  WAIT_TIMEOUT_MS: {
    schema: integer(100, 600_000).default(30_000),
    expects: 'milliseconds from 100 to 600000',
  },
  // A client still sending its request past these is answered 408 and disconnected.
  HTTP_REQUEST_TIMEOUT_MS: {
    schema: integer(1_000, 3_600_000).default(60_000),
    expects: 'milliseconds from 1000 to 3600000 (to receive a whole request, body included)',
  },
  HTTP_HEADERS_TIMEOUT_MS: {
    schema: integer(1_000, 3_600_000).default(20_000),
    expects: "milliseconds from 1000 to 3600000 (to receive a request's headers)",
  },
  HISTORY_TTL_DAYS: { schema: integer(1, 3_650).default(30), expects: 'days from 1 to 3650' },
  // What a tenant may keep of request bodies (docs/storage.md#request-payloads); 0 keeps none.
  HISTORY_PAYLOAD_DAYS: {
    schema: integer(0, 3_650).default(30),
    expects:
      'days from 0 to 3650 (how long a recorded body past its 16 KiB preview is kept whole, never ' +
      'past its record; 0: only the preview)',
  },
  // A preview runs in a thread that is stopped past this (docs/api-behaviour.md#preview).
  PREVIEW_TIME_BUDGET_MS: {
    schema: integer(100, 600_000).default(5_000),
    expects: 'milliseconds from 100 to 600000 (how long a funnel preview may run)',
  },
  // People's console sessions and sign-in (docs/access.md#sessions).
  SESSION_IDLE_MINUTES: {
    schema: integer(1, 10_080).default(120),
    expects: 'minutes from 1 to 10080 (a console session unused this long ends)',
  },
  SESSION_MAX_HOURS: {
    schema: integer(1, 8_760).default(12),
    expects: 'hours from 1 to 8760 (a console session ends this long after sign-in)',
  },
  INVITATION_VALID_HOURS: {
    schema: integer(1, 8_760).default(72),
    expects: 'hours from 1 to 8760 (how long an invitation link can be used)',
  },
  SIGN_IN_LIMIT_PER_ACCOUNT: {
    schema: integer(1, 1_000).default(5),
    expects: 'an integer from 1 to 1000 (sign-in attempts per account and window)',
  },
  SIGN_IN_LIMIT_PER_ADDRESS: {
    schema: integer(1, 100_000).default(50),
    expects: 'an integer from 1 to 100000 (sign-in attempts per client address and window)',
  },
  SIGN_IN_WINDOW_MINUTES: {
    schema: integer(1, 1_440).default(15),
    expects: 'minutes from 1 to 1440 (the window sign-in attempts are counted in)',
  },
  SIGN_IN_MAX_TRACKED: {
    schema: integer(10, 10_000_000).default(100_000),
    expects:
      'an integer from 10 to 10000000 (addresses and accounts whose sign-in attempts a window may start counting)',
  },
  TRUST_PROXY: {
    schema: z
      .string()
      .optional()
      .transform(parsedBy<string[]>(parseTrustedProxies, 'not a list of addresses or CIDRs')),
    expects:
      'comma-separated addresses or CIDRs of the reverse proxies whose X-Forwarded-For is believed (none by default)',
  },
  RATE_LIMIT_PER_MINUTE: {
    schema: integer(1, 1_000_000).default(600),
    expects: 'an integer from 1 to 1000000 (requests per token per minute)',
  },
  READ_RATE_LIMIT_PER_MINUTE: {
    schema: integer(1, 1_000_000).default(1_200),
    expects: 'an integer from 1 to 1000000 (reads per token or console user per minute)',
  },
  // A range lets workers on one host share the setting: each takes the first free port of it.
  WORKER_METRICS_PORT: {
    schema: z
      .string()
      .default('9464-9479')
      .transform(
        parsedBy<PortRange | 'off'>(
          (value) => parsePortRange(value ?? ''),
          'not a port, a port range or 0',
        ),
      ),
    expects:
      "a TCP port (9464), a range of them (9464-9479: the first free one), or 0 for none (the worker's /metrics and /healthz)",
  },
  // Loopback unless told: the metrics and health port answers anyone who can reach it.
  WORKER_METRICS_HOST: {
    schema: z
      .string()
      .trim()
      .refine((value) => isIP(value) !== 0)
      .default('127.0.0.1'),
    expects:
      'an IP address to listen on (127.0.0.1: this host only; 0.0.0.0 or "::": every interface)',
  },
  LOG_LEVEL: { schema: z.enum(LOG_LEVELS).default('info'), expects: LOG_LEVELS.join(', ') },
  // Unset: each request is written by its own job (docs/storage.md#chunked-writes).
  CHUNK_SIZE: {
    schema: integer(1, 100_000).optional(),
    expects: 'an integer from 1 to 100000 (items per chunk job of a large request)',
  },
  // Small requests to one funnel processed together (docs/request-groups.md).
  GROUP_MAX_REQUESTS: {
    schema: integer(1, 1_000).default(100),
    expects: 'an integer from 1 to 1000 (requests in one group; 1: each request alone)',
  },
  // Fairness between tenants (docs/fairness.md).
  LARGE_REQUEST_BYTES: {
    schema: integer(1, 1_073_741_824).default(65_536),
    expects: 'an integer from 1 to 1073741824 (body bytes from which a request is large)',
  },
  LARGE_JOBS_PER_TENANT: {
    schema: integer(1, 1_000).default(2),
    expects: 'an integer from 1 to 1000 (large requests of one tenant that run at once)',
  },
  JOB_LOCK_MS: {
    schema: integer(1_000, 600_000).default(30_000),
    expects:
      "milliseconds from 1000 to 600000 (after this long a dead worker's job is taken up again)",
  },
  QUEUE_PREFIX: {
    schema: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .default('funnel-sync'),
    expects: 'letters, digits, "_" or "-" (the Redis key prefix of the queue)',
  },
  // The queue dashboard is the operators' own: served only when both are set (HTTP Basic).
  DASHBOARD_USER: {
    schema: z
      .string()
      .regex(/^[^:\s]{1,64}$/)
      .optional(),
    expects: 'a user name of 1 to 64 characters without ":" or white space',
  },
  DASHBOARD_PASSWORD: {
    schema: z
      .string()
      .refine((value) => Buffer.byteLength(value) >= 16 && Buffer.byteLength(value) <= 1024)
      .optional(),
    expects: 'a password of 16 to 1024 bytes',
    secret: true,
  },
  DASHBOARD_WRITES: {
    schema: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    expects: '"true" or "false" (whether the queue dashboard may change jobs and queues)',
  },
  METRICS_TOKEN: {
    schema: z
      .string()
      .refine((value) => Buffer.byteLength(value) >= 16 && Buffer.byteLength(value) <= 1024)
      .refine((value) => /^[\x21-\x7e]+$/.test(value))
      .optional(),
    expects: 'a token of 16 to 1024 printable ASCII characters without spaces',
    secret: true,
  },
  METRICS_MAX_FUNNELS: {
    schema: integer(1, 100_000).default(500),
    expects:
      'an integer from 1 to 100000 (funnel label values of the metrics; the rest is "other")',
  },
  // Unset: export targets must be public addresses (docs/export.md#targets).
  EXPORT_ALLOWED_NETWORKS: {
    schema: z
      .string()
      .optional()
      .transform(parsedBy<AllowedNetworks>(parseAllowedNetworks, 'not a list of CIDRs')),
    expects:
      'comma-separated CIDRs (10.0.0.0/8,fd00::/8) or "all" (networks export targets may reach)',
  },
  // The export's retry waits, in order; the last one repeats (docs/export.md#retries).
  EXPORT_RETRY_DELAYS_MS: {
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,9}(,\d{1,9})*$/)
      .transform((value) => value.split(',').map(Number))
      .default([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]),
    expects: 'comma-separated milliseconds (the waits before each retry of an export delivery)',
  },
  EXPORT_DELIVERY_TIMEOUT_MS: {
    schema: integer(100, 600_000).default(10_000),
    expects: 'milliseconds from 100 to 600000 (how long an export receiver has to answer)',
  },
  EXPORT_DISABLE_AFTER_MS: {
    schema: integer(1_000, 2_000_000_000).default(5 * 24 * 3600 * 1000),
    expects: 'milliseconds (an export whose deliveries only failed for this long is disabled)',
  },
  EXPORT_CONCURRENCY: {
    schema: integer(1, 1_000).default(32),
    expects: 'an integer from 1 to 1000 (export jobs one worker runs at once)',
  },
  EXPORT_SWEEP_MS: {
    schema: integer(1_000, 3_600_000).default(60_000),
    expects:
      'milliseconds from 1000 to 3600000 (how often exports with work waiting are looked at)',
  },
  // Only deliveries that succeeded expire (docs/export.md#the-delivery-log).
  EXPORT_DELIVERY_LOG_DAYS: {
    schema: integer(1, 3_650).default(7),
    expects: 'days from 1 to 3650 (how long a delivery that succeeded stays in the log)',
  },
} satisfies Record<string, Variable>;

type VariableName = keyof typeof VARIABLES;
type Output<N extends VariableName> = z.output<(typeof VARIABLES)[N]['schema']>;

const ROLE_VARIABLES = {
  api: [
    'PORT',
    'PUBLIC_URL',
    'REDIS_URL',
    'REDIS_CLUSTER_NODES',
    'REDIS_SENTINELS',
    'REDIS_SENTINEL_MASTER',
    'REDIS_USERNAME',
    'REDIS_PASSWORD',
    'QUEUE_SHARDS',
    'MONGO_URL',
    'MONGO_WRITE_CONCERN',
    'MONGO_WRITE_TIMEOUT_MS',
    'MONGO_QUERY_TIMEOUT_MS',
    'JWT_SECRET',
    'MAX_BODY_BYTES',
    'MAX_ITEMS',
    'REDRIVE_MAX_REQUESTS',
    'WAIT_TIMEOUT_MS',
    'HTTP_REQUEST_TIMEOUT_MS',
    'HTTP_HEADERS_TIMEOUT_MS',
    'GROUP_MAX_REQUESTS',
    'HISTORY_TTL_DAYS',
    'PREVIEW_TIME_BUDGET_MS',
    'RATE_LIMIT_PER_MINUTE',
    'READ_RATE_LIMIT_PER_MINUTE',
    'SESSION_IDLE_MINUTES',
    'SESSION_MAX_HOURS',
    'INVITATION_VALID_HOURS',
    'SIGN_IN_LIMIT_PER_ACCOUNT',
    'SIGN_IN_LIMIT_PER_ADDRESS',
    'SIGN_IN_WINDOW_MINUTES',
    'SIGN_IN_MAX_TRACKED',
    'TRUST_PROXY',
    'LOG_LEVEL',
    'QUEUE_PREFIX',
    'DASHBOARD_USER',
    'DASHBOARD_PASSWORD',
    'DASHBOARD_WRITES',
    'METRICS_TOKEN',
    'METRICS_MAX_FUNNELS',
    'EXPORT_ALLOWED_NETWORKS',
    'EXPORT_DELIVERY_TIMEOUT_MS',
  ],
  worker: [
    'REDIS_URL',
    'REDIS_CLUSTER_NODES',
    'REDIS_SENTINELS',
    'REDIS_SENTINEL_MASTER',
    'REDIS_USERNAME',
    'REDIS_PASSWORD',
    'QUEUE_SHARDS',
    'MONGO_URL',
    'MONGO_WRITE_CONCERN',
    'MONGO_WRITE_TIMEOUT_MS',
    'MONGO_QUERY_TIMEOUT_MS',
    'WORKER_CONCURRENCY',
    'WORKER_METRICS_PORT',
    'WORKER_METRICS_HOST',
    'JOB_LOCK_MS',
    'CHUNK_SIZE',
    'LARGE_REQUEST_BYTES',
    'LARGE_JOBS_PER_TENANT',
    'MAX_ITEMS',
    'HISTORY_TTL_DAYS',
    'HISTORY_PAYLOAD_DAYS',
    'LOG_LEVEL',
    'QUEUE_PREFIX',
    'EXPORT_ALLOWED_NETWORKS',
    'EXPORT_RETRY_DELAYS_MS',
    'EXPORT_DELIVERY_TIMEOUT_MS',
    'EXPORT_DISABLE_AFTER_MS',
    'EXPORT_CONCURRENCY',
    'EXPORT_SWEEP_MS',
    'EXPORT_DELIVERY_LOG_DAYS',
  ],
  cli: [
    'MONGO_URL',
    'MONGO_WRITE_CONCERN',
    'MONGO_WRITE_TIMEOUT_MS',
    'MONGO_QUERY_TIMEOUT_MS',
    'JWT_SECRET',
    'LOG_LEVEL',
    'INVITATION_VALID_HOURS',
    'PUBLIC_URL',
  ],
} as const satisfies Record<string, readonly VariableName[]>;

export type Role = keyof typeof ROLE_VARIABLES;

/** The roles that send traces, whose OpenTelemetry variables are checked with the others. */
const TRACED_ROLES: readonly Role[] = ['api', 'worker'];
export type Config<R extends Role> = { [N in (typeof ROLE_VARIABLES)[R][number]]: Output<N> };
export type ApiConfig = Config<'api'>;
export type WorkerConfig = Config<'worker'>;
export type CliConfig = Config<'cli'>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Variables that mean something only together: one without the other is a mistake. */
const PAIRS: [VariableName, VariableName][] = [['DASHBOARD_USER', 'DASHBOARD_PASSWORD']];

function pairProblems(config: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [a, b] of PAIRS) {
    if (!(a in config) || !(b in config)) continue;
    if ((config[a] === undefined) !== (config[b] === undefined)) {
      problems.push(`${a} and ${b} must be set together (or both left unset)`);
    }
  }
  return problems;
}

/** Variables of which the first may not exceed the second. */
const ORDERED: [VariableName, VariableName][] = [
  ['HTTP_HEADERS_TIMEOUT_MS', 'HTTP_REQUEST_TIMEOUT_MS'],
];

function orderProblems(config: Record<string, unknown>): string[] {
  return ORDERED.filter(([low, high]) => {
    const [lower, higher] = [config[low], config[high]];
    return typeof lower === 'number' && typeof higher === 'number' && lower > higher;
  }).map(([low, high]) => `${low} must not be greater than ${high}`);
}

/** Reads and validates the variables of `role`; throws a ConfigError naming every bad one. */
export function loadConfig<R extends Role>(
  role: R,
  env: NodeJS.ProcessEnv = process.env,
): Config<R> {
  const problems: string[] = [];
  const config: Record<string, unknown> = {};
  for (const name of ROLE_VARIABLES[role]) {
    const variable: Variable = VARIABLES[name];
    const raw = env[name] === '' ? undefined : env[name];
    const parsed = variable.schema.safeParse(raw);
    if (parsed.success) {
      config[name] = parsed.data;
    } else if (raw === undefined) {
      problems.push(`${name} is missing: expected ${variable.expects}`);
    } else {
      const shown = variable.secret ? '' : ` (got ${JSON.stringify(raw.slice(0, 60))})`;
      problems.push(`${name} must be ${variable.expects}${shown}`);
    }
  }
  problems.push(...pairProblems(config), ...orderProblems(config));
  if (TRACED_ROLES.includes(role)) problems.push(...tracingProblems(env));
  // Where Redis is, once each of its variables reads well (a bad one is reported already).
  const redisNamed = ['REDIS_URL', 'REDIS_CLUSTER_NODES', 'REDIS_SENTINELS'] as const;
  const unread = redisNamed.some((name) => env[name] && config[name] === undefined);
  if (ROLE_VARIABLES[role].some((name) => name === 'REDIS_URL') && !unread) {
    problems.push(...topologyProblems(config));
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config as Config<R>;
}

/** For entry points: a bad configuration ends the process with one line on stderr. */
export function loadConfigOrExit<R extends Role>(role: R): Config<R> {
  try {
    return loadConfig(role);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`funnel-sync ${role}: ${error.message}\n`);
    process.exit(78); // EX_CONFIG
  }
}
