/**
 * Where Redis is: one server (`REDIS_URL`), a Redis Cluster (`REDIS_CLUSTER_NODES`) or a primary
 * watched by Sentinel (`REDIS_SENTINELS` with `REDIS_SENTINEL_MASTER`). Every process reads the
 * same three variables, so API processes, workers and the bench meet on the same Redis.
 */
export interface RedisNode {
  host: string;
  port: number;
}

interface RedisCredentials {
  username?: string;
  password?: string;
}

export type RedisTopology =
  | { kind: 'single'; url: string }
  | ({ kind: 'cluster'; nodes: RedisNode[] } & RedisCredentials)
  | ({ kind: 'sentinel'; sentinels: RedisNode[]; masterName: string } & RedisCredentials);

/** The variables a topology is read from; exactly one of the first three is set. */
export interface RedisTopologyVariables {
  REDIS_URL?: string;
  REDIS_CLUSTER_NODES?: RedisNode[];
  REDIS_SENTINELS?: RedisNode[];
  REDIS_SENTINEL_MASTER?: string;
  REDIS_USERNAME?: string;
  REDIS_PASSWORD?: string;
}

/** `host:port,host:port`, as the node-list variables hold it; undefined when it is not one. */
export function parseNodeList(text: string): RedisNode[] | undefined {
  const nodes = text.split(',').map((entry) => {
    const match = /^\s*([^\s:,]+|\[[0-9a-fA-F:.]+\]):(\d{1,5})\s*$/.exec(entry);
    const port = Number(match?.[2]);
    return match?.[1] && port >= 1 && port <= 65_535
      ? { host: match[1].replace(/^\[|\]$/g, ''), port }
      : undefined;
  });
  return nodes.every((node) => node !== undefined) ? nodes : undefined;
}

/** What is wrong with the combination of variables, one sentence each. */
export function topologyProblems(variables: RedisTopologyVariables): string[] {
  const set = (['REDIS_URL', 'REDIS_CLUSTER_NODES', 'REDIS_SENTINELS'] as const).filter(
    (name) => variables[name] !== undefined,
  );
  if (set.length === 0) {
    return ['REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS must be set (where Redis is)'];
  }
  if (set.length > 1) return [`only one of ${set.join(' and ')} may be set`];
  if (set[0] === 'REDIS_SENTINELS' && !variables.REDIS_SENTINEL_MASTER) {
    return [
      'REDIS_SENTINEL_MASTER must be set with REDIS_SENTINELS (the name Sentinel knows it by)',
    ];
  }
  return [];
}

/** The topology the variables describe; they passed topologyProblems. */
export function redisTopology(variables: RedisTopologyVariables): RedisTopology {
  const credentials: RedisCredentials = {
    ...(variables.REDIS_USERNAME ? { username: variables.REDIS_USERNAME } : {}),
    ...(variables.REDIS_PASSWORD ? { password: variables.REDIS_PASSWORD } : {}),
  };
  if (variables.REDIS_CLUSTER_NODES) {
    return { kind: 'cluster', nodes: variables.REDIS_CLUSTER_NODES, ...credentials };
  }
  if (variables.REDIS_SENTINELS) {
    return {
      kind: 'sentinel',
      sentinels: variables.REDIS_SENTINELS,
      masterName: variables.REDIS_SENTINEL_MASTER ?? '',
      ...credentials,
    };
  }
  return { kind: 'single', url: variables.REDIS_URL ?? '' };
}

/** For logs: where Redis is, without credentials. */
export function describeTopology(topology: RedisTopology): string {
  const list = (nodes: RedisNode[]) => nodes.map((node) => `${node.host}:${node.port}`).join(',');
  switch (topology.kind) {
    case 'single': {
      const url = new URL(topology.url);
      return `redis ${url.protocol}//${url.host}`;
    }
    case 'cluster':
      return `redis cluster ${list(topology.nodes)}`;
    case 'sentinel':
      return `redis sentinel ${list(topology.sentinels)} master ${topology.masterName}`;
  }
}
