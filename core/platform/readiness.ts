/** Whether the engines a process depends on answer right now, each within a short deadline. */
export type EngineName = 'redis' | 'mongodb';
export type EngineProbe = () => Promise<unknown>;

export interface Readiness {
  ready: boolean;
  engines: Record<EngineName, 'up' | 'down'>;
}

const PROBE_TIMEOUT_MS = 1_000;

function withDeadline(probe: EngineProbe): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
  });
  const answer = probe().then(
    () => true,
    () => false,
  );
  return Promise.race([answer, deadline]).finally(() => clearTimeout(timer));
}

export async function checkReadiness(probes: Record<EngineName, EngineProbe>): Promise<Readiness> {
  const [redis, mongodb] = await Promise.all([
    withDeadline(probes.redis),
    withDeadline(probes.mongodb),
  ]);
  return {
    ready: redis && mongodb,
    engines: { redis: redis ? 'up' : 'down', mongodb: mongodb ? 'up' : 'down' },
  };
}
