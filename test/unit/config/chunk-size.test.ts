import { ConfigError, loadConfig } from '../../../core/platform/config';

const worker = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  MONGO_URL: 'mongodb://127.0.0.1:27017/funnel-sync',
};

describe('CHUNK_SIZE', () => {
  it('when it is not set, then requests are not chunked, whatever the engine', () => {
    expect(loadConfig('worker', worker).CHUNK_SIZE).toBeUndefined();
  });

  it('when it is set, then the worker takes it', () => {
    expect(loadConfig('worker', { ...worker, CHUNK_SIZE: '10' }).CHUNK_SIZE).toBe(10);
  });

  it.each(['0', '-5', '2.5', 'many', '100001'])(
    'when it is %p, then start-up names it',
    (value) => {
      expect(() => loadConfig('worker', { ...worker, CHUNK_SIZE: value })).toThrow(ConfigError);
      expect(() => loadConfig('worker', { ...worker, CHUNK_SIZE: value })).toThrow(/CHUNK_SIZE/);
    },
  );
});
