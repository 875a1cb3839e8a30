/**
 * Reads V8 CPU profiles (`node --cpu-prof`) and sums self time per function and per place (a
 * project file, an npm package, Node's internals, V8), counting only the samples taken inside
 * given time windows: the benchmark's workload, not the process's start-up or idle waits.
 *
 * V8 stamps samples with its monotonic clock in microseconds; on Linux that is CLOCK_MONOTONIC,
 * the clock of `process.hrtime` in any process of the machine, so windows taken by the benchmark
 * process apply to the profiled processes.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { BUILD_DIR, ROOT } from './paths';

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** [start, end] in microseconds of the monotonic clock. */
export type Window = [number, number];

export interface SelfTime {
  name: string;
  ms: number;
  /** Share of the busy (non-idle) time in the windows. */
  percent: number;
}

export interface ProfileSummary {
  /** Time sampled inside the windows, idle included, and the busy part of it. */
  sampledMs: number;
  busyMs: number;
  functions: SelfTime[];
  places: SelfTime[];
  /** Our own functions (api/, core/, worker/) by inclusive time: what they and their callees cost. */
  ours: SelfTime[];
}

/** Now, on the clock CPU profiles are stamped with. */
export function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1_000n);
}

const ROOT_URL = `${pathToFileURL(ROOT).href}/`;
const BUILD_URL = `${pathToFileURL(BUILD_DIR).href}/`;

/** Where a function lives: "core/domain/mapper.ts", "npm:bullmq", "node:internal/streams", "V8". */
export function placeOf(url: string): string {
  if (url === '') return 'V8 builtins / native';
  if (url.startsWith('node:')) return url.split('/').slice(0, 3).join('/').replace(/\.js$/, '');
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return `npm:${rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  // The build (bench/build.ts) mirrors the source tree: name its files after their sources.
  if (url.startsWith(BUILD_URL)) return url.slice(BUILD_URL.length).replace(/\.js$/, '.ts');
  if (url.startsWith(ROOT_URL)) return url.slice(ROOT_URL.length);
  return url.replace(/^file:\/\//, '');
}

/** A frame of the project's own code (api/, core/, worker/, run compiled or under tsx). */
function isOurs(node: ProfileNode): boolean {
  const { url } = node.callFrame;
  return url.startsWith('file://') && /^(?:api|core|worker)\//.test(placeOf(url));
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  if (url === '') return name;
  // Our TypeScript runs as tsc or tsx compiled it: its line numbers are the compiled code's.
  const line = isOurs(node) ? '' : `:${lineNumber + 1}`;
  return `${name} ${placeOf(url)}${line}`;
}

const IDLE = new Set(['(idle)']);

/** Labels of our own frames on the stack of `node`, each once. */
function ourFrames(node: ProfileNode, parents: Map<number, ProfileNode>): Set<string> {
  const frames = new Set<string>();
  for (let at: ProfileNode | undefined = node; at; at = parents.get(at.id)) {
    if (isOurs(at)) frames.add(label(at));
  }
  return frames;
}

function top(totals: Map<string, number>, busyMs: number, count: number): SelfTime[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, value]) => ({
      name,
      ms: Math.round(value * 10) / 10,
      percent: busyMs > 0 ? Math.round((value / busyMs) * 1_000) / 10 : 0,
    }));
}

/** Self time inside `windows`, summed over the profiles of several processes (the workers). */
export function summariseProfiles(files: string[], windows: Window[], count = 15): ProfileSummary {
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  const ours = new Map<string, number>();
  let sampledMs = 0;
  let busyMs = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const parents = new Map<number, ProfileNode>();
    for (const node of profile.nodes) {
      for (const child of node.children ?? []) parents.set(child, node);
    }
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    let at = profile.startTime;
    const stamps = deltas.map((delta) => (at += delta));
    samples.forEach((id, i) => {
      const stamp = stamps[i] ?? profile.endTime;
      const duration = ((stamps[i + 1] ?? profile.endTime) - stamp) / 1_000;
      if (!windows.some(([start, end]) => stamp >= start && stamp <= end)) return;
      const node = byId.get(id);
      if (!node) return;
      sampledMs += duration;
      if (IDLE.has(node.callFrame.functionName)) return;
      busyMs += duration;
      const name = label(node);
      functions.set(name, (functions.get(name) ?? 0) + duration);
      const { url, functionName } = node.callFrame;
      // "(garbage collector)" and "(program)" are places of their own; builtins are V8's.
      const place = url === '' && functionName.startsWith('(') ? functionName : placeOf(url);
      places.set(place, (places.get(place) ?? 0) + duration);
      for (const frame of ourFrames(node, parents)) {
        ours.set(frame, (ours.get(frame) ?? 0) + duration);
      }
    });
  }
  return {
    sampledMs: Math.round(sampledMs),
    busyMs: Math.round(busyMs),
    functions: top(functions, busyMs, count),
    places: top(places, busyMs, 10),
    ours: top(ours, busyMs, 12),
  };
}
