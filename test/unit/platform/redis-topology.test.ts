import { loadConfig } from '../../../core/platform/config';
import {
  describeTopology,
  parseNodeList,
  redisTopology,
  topologyProblems,
} from '../../../core/platform/redis-topology';

const BASE = { MONGO_URL: 'mongodb://127.0.0.1:27017/x' };

describe('the Redis topology', () => {
  it('reads host:port lists, IPv6 in brackets included', () => {
    expect(parseNodeList('10.0.0.1:7000, redis-b:7001,[::1]:7002')).toEqual([
      { host: '10.0.0.1', port: 7000 },
      { host: 'redis-b', port: 7001 },
      { host: '::1', port: 7002 },
    ]);
  });

  it.each(['', 'redis-a', 'redis-a:0', 'redis-a:70000', 'a:1,,b:2', 'redis://a:1'])(
    'refuses %j as a node list',
    (text) => expect(parseNodeList(text)).toBeUndefined(),
  );

  it('needs exactly one of the three ways to reach Redis', () => {
    expect(topologyProblems({})).toEqual([expect.stringContaining('must be set')]);
    expect(
      topologyProblems({ REDIS_URL: 'redis://a', REDIS_CLUSTER_NODES: [{ host: 'a', port: 1 }] }),
    ).toEqual(['only one of REDIS_URL and REDIS_CLUSTER_NODES may be set']);
    expect(topologyProblems({ REDIS_SENTINELS: [{ host: 'a', port: 1 }] })).toEqual([
      expect.stringContaining('REDIS_SENTINEL_MASTER must be set'),
    ]);
  });

  it('builds the topology the variables name, credentials kept out of its description', () => {
    const cluster = redisTopology({
      REDIS_CLUSTER_NODES: [{ host: 'a', port: 7000 }],
      REDIS_PASSWORD: 'secret',
    });
    expect(cluster).toEqual({
      kind: 'cluster',
      nodes: [{ host: 'a', port: 7000 }],
      password: 'secret',
    });
    expect(describeTopology(cluster)).toBe('redis cluster a:7000');
    const single = redisTopology({ REDIS_URL: 'redis://user:secret@h:6379/0' });
    expect(describeTopology(single)).toBe('redis redis://h:6379');
  });

  it('reports a bad combination at start-up, naming the variables', () => {
    expect(() => loadConfig('worker', { ...BASE })).toThrow(
      /REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS must be set/,
    );
    expect(() =>
      loadConfig('api', { ...BASE, JWT_SECRET: 'x'.repeat(32), REDIS_CLUSTER_NODES: 'a:1,b' }),
    ).toThrow(/REDIS_CLUSTER_NODES must be host:port/);
    expect(() =>
      loadConfig('worker', { ...BASE, REDIS_URL: 'redis://a', REDIS_SENTINELS: 'a:26379' }),
    ).toThrow(/only one of REDIS_URL and REDIS_SENTINELS/);
  });

  it('takes a Sentinel group with its master name, and QUEUE_SHARDS', () => {
    const config = loadConfig('worker', {
      ...BASE,
      REDIS_SENTINELS: 's1:26379,s2:26379',
      REDIS_SENTINEL_MASTER: 'mymaster',
      QUEUE_SHARDS: '12',
    });
    expect(config.QUEUE_SHARDS).toBe(12);
    expect(redisTopology(config)).toEqual({
      kind: 'sentinel',
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26379 },
      ],
      masterName: 'mymaster',
    });
  });
});
