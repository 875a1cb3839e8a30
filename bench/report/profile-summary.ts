/**
 * Where a process's CPU went, from the `.cpuprofile` files node's `--cpu-prof` writes at exit.
 * Each sample's time is given to:
 * - the kind of work it served: the queue (BullMQ), Redis, the store (the driver and BSON), logs,
 *   HTTP, metrics, validation, our own code, the garbage collector, loading code at start-up;
 *   node's own code and native calls (a socket write) count for the nearest frame above them
 *   that is not node's;
 * - the module it ran in (a package, a file of the build, node's own code);
 * - the nearest file of ours on its stack, so that the driver's or BullMQ's work is also seen
 *   under the file of ours that asked for it.
 * Apart, the share spent in node's native writes to sockets and files: what each round trip to
 * Redis or the store, each answer and each log line costs in system calls.
 * `npm run bench -- --profile` prints it for the API and the workers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Milliseconds by name, largest first. */
type Shares = [string, number][];

interface ProfileSummary {
  totalMs: number;
  writesMs: number;
  byKind: Shares;
  byModule: Shares;
  byOwnFile: Shares;
}

const OWN_FILE = /\/(core|api|worker)\/(.+)\.js$/;
const PACKAGE = /node_modules\/((?:@[^/]+\/)?[^/]+)/;

/** Node's native calls that write a socket's or a file's bytes (net streams, fs.writeSync). */
const NATIVE_WRITES = new Set([
  'writeBuffer',
  'writev',
  'writeUtf8String',
  'writeLatin1String',
  'writeAsciiString',
  'writeUcs2String',
  'writeString',
]);

/** Packages by the kind of work they do for us; any other package is "other packages". */
const KINDS: Record<string, string> = {
  bullmq: 'queue (BullMQ)',
  msgpackr: 'queue (BullMQ)',
  ioredis: 'Redis (ioredis)',
  'redis-parser': 'Redis (ioredis)',
  'redis-semaphore': 'Redis (ioredis)',
  mongodb: 'store (driver, BSON)',
  bson: 'store (driver, BSON)',
  mongoose: 'store (driver, BSON)',
  pino: 'logs (pino)',
  'sonic-boom': 'logs (pino)',
  '@pinojs/redact': 'logs (pino)',
  'fast-redact': 'logs (pino)',
  express: 'HTTP (express, node)',
  router: 'HTTP (express, node)',
  'body-parser': 'HTTP (express, node)',
  'raw-body': 'HTTP (express, node)',
  'prom-client': 'metrics (prom-client)',
  zod: 'validation (zod)',
};

/** What a frame's url names: a package, one of our files, node's code, or V8's own entries. */
function moduleOf({ functionName, url }: CallFrame): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const own = OWN_FILE.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  const packaged = PACKAGE.exec(url);
  if (packaged) return packaged[1] ?? url;
  if (url.startsWith('node:')) return url;
  return path.basename(url);
}

/** The kind of a frame's work; undefined for node's code and native calls, judged by a caller. */
function kindOf(frame: CallFrame): string | undefined {
  const module = moduleOf(frame);
  if (module === '(garbage collector)') return 'garbage collector';
  if (module === '(program)') return 'V8 and node, outside JavaScript';
  if (OWN_FILE.test(frame.url)) return 'our code';
  if (module.startsWith('node:_http') || module === 'node:http') return KINDS.express;
  if (!frame.url || module.startsWith('node:')) return undefined;
  return KINDS[module] ?? 'other packages';
}

function add(into: Map<string, number>, key: string, ms: number): void {
  into.set(key, (into.get(key) ?? 0) + ms);
}

const sorted = (shares: Map<string, number>): Shares => [...shares].sort(([, a], [, b]) => b - a);

function summarise(file: string): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  }
  const frames = function* (id: number) {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame) yield frame;
    }
  };
  const shares = {
    kind: new Map<string, number>(),
    module: new Map<string, number>(),
    own: new Map<string, number>(),
  };
  let totalMs = 0;
  let writesMs = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    if (!node) return;
    const module = moduleOf(node.callFrame);
    if (module === '(idle)') return;
    const ms = (profile.timeDeltas[index] ?? 0) / 1_000;
    totalMs += ms;
    if (!node.callFrame.url && NATIVE_WRITES.has(node.callFrame.functionName)) writesMs += ms;
    add(shares.module, module, ms);
    let kind: string | undefined;
    let own: string | undefined;
    let loading = false;
    for (const frame of frames(id)) {
      kind ??= kindOf(frame);
      const file = OWN_FILE.exec(frame.url);
      own ??= file ? `${file[1]}/${file[2]}` : undefined;
      loading ||= frame.url.startsWith('node:internal/modules/');
    }
    add(shares.kind, loading ? 'start-up (loading code)' : (kind ?? 'node'), ms);
    add(shares.own, own ?? `(none of ours) ${module}`, ms);
  });
  return {
    totalMs,
    writesMs,
    byKind: sorted(shares.kind),
    byModule: sorted(shares.module),
    byOwnFile: sorted(shares.own),
  };
}

/** The summaries of every profile in `dir`, as text: the first `top` lines of each table. */
export function profileReport(dir: string, top = 25): string {
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  const lines: string[] = [];
  for (const name of files.sort()) {
    const summary = summarise(path.join(dir, name));
    const share = ([key, ms]: [string, number]) =>
      `  ${ms.toFixed(0).padStart(7)} ms ${((ms / summary.totalMs) * 100).toFixed(1).padStart(5)}%  ${key}`;
    lines.push(`${name}: ${summary.totalMs.toFixed(0)} ms of CPU (idle left out)`);
    lines.push(' by kind of work:', ...summary.byKind.map(share));
    lines.push(
      ' of which native writes to sockets and files (round trips, answers, log lines):',
      share(['system calls', summary.writesMs]),
    );
    lines.push(' by module:', ...summary.byModule.slice(0, top).map(share));
    lines.push(' by the nearest file of ours:', ...summary.byOwnFile.slice(0, top).map(share));
    lines.push('');
  }
  return lines.join('\n');
}
