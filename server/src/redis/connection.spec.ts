import { loadConfig } from '../config/config';
import { redisOptions, redisTarget } from './connection';

const config = (env: Record<string, string> = {}) =>
  loadConfig({ DATABASE_URL: 'postgresql://h/x', ...env });

describe('redisTarget: one factory for every Redis connection', () => {
  it('connects to REDIS_URL when no sentinels are given, with its database and password', () => {
    const target = redisTarget(config({ REDIS_URL: 'redis://:geheim@cache.internal:6380/3' }));
    expect(target).toMatchObject({ host: 'cache.internal', port: 6380, db: 3, password: 'geheim' });
    expect(target.sentinels).toBeUndefined();
  });

  it('takes REDIS_PASSWORD when the URL has none, and the URL password when it has one', () => {
    expect(redisTarget(config({ REDIS_PASSWORD: 'los' })).password).toBe('los');
    const both = config({ REDIS_URL: 'redis://:in-url@h:6379', REDIS_PASSWORD: 'los' });
    expect(redisTarget(both).password).toBe('in-url');
  });

  it('asks the sentinels for the master when REDIS_SENTINELS is set, and follows a failover', () => {
    const target = redisTarget(
      config({
        REDIS_URL: 'redis://ignored:1/2',
        REDIS_SENTINELS: 'sentinel-1:26379, sentinel-2:26380,[::1]:26381',
        REDIS_SENTINEL_MASTER: 'vonkje',
        REDIS_PASSWORD: 'server-pw',
        REDIS_SENTINEL_PASSWORD: 'sentinel-pw',
      }),
    );
    expect(target).toMatchObject({
      sentinels: [
        { host: 'sentinel-1', port: 26379 },
        { host: 'sentinel-2', port: 26380 },
        { host: '::1', port: 26381 },
      ],
      name: 'vonkje',
      role: 'master',
      password: 'server-pw',
      sentinelPassword: 'sentinel-pw',
      db: 2,
      failoverDetector: true,
    });
    expect(target.host).toBeUndefined();
  });

  it('reconnects on a READONLY answer (a write that reached a demoted master), on nothing else', () => {
    const { reconnectOnError } = redisTarget(config({ REDIS_SENTINELS: 's:26379' }));
    expect(
      reconnectOnError?.(new Error("READONLY You can't write against a read only replica.")),
    ).toBe(2);
    expect(reconnectOnError?.(new Error('ERR wrong number of arguments'))).toBe(false);
  });

  it('gives BullMQ and the adapter connections that retry for ever, requests ones that fail fast', () => {
    const sentinel = config({ REDIS_SENTINELS: 's:26379' });
    expect(redisOptions(sentinel, { use: 'blocking' })).toMatchObject({
      maxRetriesPerRequest: null,
      sentinels: [{ host: 's', port: 26379 }],
    });
    expect(redisOptions(sentinel, { use: 'requests' })).toMatchObject({
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      sentinels: [{ host: 's', port: 26379 }],
    });
  });

  it('refuses a sentinel list entry that is not host:port, naming REDIS_SENTINELS', () => {
    for (const bad of ['sentinel-1', 'sentinel-1:0', 'a:26379,b', 'a:99999', 'redis://a:1']) {
      expect(() => config({ REDIS_SENTINELS: bad })).toThrow(
        /REDIS_SENTINELS: ".*" is not host:port/,
      );
    }
    expect(config({ REDIS_SENTINELS: '' }).REDIS_SENTINELS).toBeUndefined();
  });
});
