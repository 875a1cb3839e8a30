/**
 * What the nodes of a Redis Cluster say about it (scripts/redis-cluster.ts): each node's
 * CLUSTER INFO and its view of the masters, and whether together they make a healthy cluster.
 */
import { askNode } from './redis-nodes';

const SLOTS = 16_384;

export interface ClusterMaster {
  host: string;
  port: number;
  /** Inclusive ranges of hash slots. */
  slots: Array<[number, number]>;
}

type SlotsReply = Array<[number, number, [string, number, ...unknown[]], ...unknown[]]>;

export function clusterInfo(text: unknown): Record<string, string> {
  const pairs = (typeof text === 'string' ? text : '')
    .split(/\r?\n/)
    .map((line) => line.split(':') as [string, string]);
  return Object.fromEntries(pairs.filter(([, value]) => value !== undefined));
}

function mastersOf(reply: SlotsReply): ClusterMaster[] {
  const byPort = new Map<number, ClusterMaster>();
  for (const [start, end, [host, port]] of [...reply].sort((a, b) => a[0] - b[0])) {
    const master = byPort.get(port) ?? { host, port, slots: [] };
    master.slots.push([start, end]);
    byPort.set(port, master);
  }
  return [...byPort.values()];
}

const servedSlots = (masters: ClusterMaster[]) =>
  masters.flatMap((master) => master.slots).reduce((sum, [start, end]) => sum + end - start + 1, 0);

/** What each node that answers says: its CLUSTER INFO and its masters. */
export async function survey(ports: number[]) {
  const views = await Promise.all(
    ports.map(async (port) => {
      const info = await askNode(port, 'CLUSTER', 'INFO');
      const slots = (await askNode(port, 'CLUSTER', 'SLOTS')) as SlotsReply | undefined;
      if (info === undefined || slots === undefined) return undefined;
      return { port, info: clusterInfo(info), masters: mastersOf(slots) };
    }),
  );
  return views.filter((view) => view !== undefined);
}

type Survey = Awaited<ReturnType<typeof survey>>;

export function isHealthy(views: Survey): boolean {
  const live = new Set(views.map((view) => view.port));
  const first = JSON.stringify(views[0]?.masters);
  return (
    views.length > 0 &&
    views.every(
      (view) =>
        view.info.cluster_state === 'ok' &&
        Number(view.info.cluster_slots_ok) === SLOTS &&
        servedSlots(view.masters) === SLOTS &&
        view.masters.every((master) => live.has(master.port)) &&
        JSON.stringify(view.masters) === first,
    )
  );
}

export function describeSurvey(views: Survey): string {
  const lines = views.map(
    ({ port, info, masters }) =>
      `${port}: ${info.cluster_state}, slots ok ${info.cluster_slots_ok}, ` +
      `masters ${masters.map((master) => master.port).join(' ')}`,
  );
  return lines.join('; ') || 'no node answers';
}
