import Redis from 'ioredis';
import { loadConfig } from '../src/config/config';
import { KeptRedis, redisOptions } from '../src/redis/connection';
import { workerConnection } from '../src/queue';
import { SENTINEL_MASTER, hasRedisSentinel, startSentinelGroup } from './helpers/redis-sentinel';
import type { SentinelGroup } from './helpers/redis-sentinel';

const describeWithSentinel = hasRedisSentinel ? describe : describe.skip;

/** What the failover detector does on +switch-master: it cuts the connector, whatever it does. */
const cutConnector = (redis: Redis) =>
  (redis as unknown as { connector: { disconnect(): void } }).connector.disconnect();

/** Starts a connect and cuts it as the detector does; resolves once ioredis failed that connect. */
async function connectCut(redis: Redis): Promise<void> {
  const connecting = redis.connect();
  cutConnector(redis);
  await expect(connecting).rejects.toThrow('Connection is closed.');
}

/** Resolves with the first of the events a connection emits next. */
const nextOf = (redis: Redis, ...events: string[]) =>
  new Promise<string>((resolve) => {
    for (const event of events) redis.once(event, () => resolve(event));
  });

describeWithSentinel(
  'A Redis connection through the sentinels stays connected until the app closes it',
  () => {
    let group: SentinelGroup;
    const opened: Redis[] = [];
    const options = () => ({
      ...redisOptions(
        loadConfig({
          DATABASE_URL: 'postgresql://h/x',
          REDIS_SENTINELS: group.sentinels,
          REDIS_SENTINEL_MASTER: SENTINEL_MASTER,
        }),
        { use: 'blocking' },
      ),
      lazyConnect: true,
    });
    const open = <T extends Redis>(redis: T): T => {
      redis.on('error', () => undefined);
      opened.push(redis);
      return redis;
    };

    beforeAll(async () => {
      group = await startSentinelGroup();
    });
    afterAll(async () => {
      for (const redis of opened) redis.disconnect();
      await group?.stop();
    });

    it('ioredis itself ends a connection for good when the failover detector cuts its connect (redis/ioredis#1683)', async () => {
      // the upstream behaviour KeptRedis exists for: when this fails, ioredis reconnects by itself
      const plain = open(new Redis(options()));
      await connectCut(plain);
      expect(plain.status).toBe('end');
      await expect(plain.ping()).rejects.toThrow('Connection is closed.');
      expect(plain.status).toBe('end');
    });

    it('connects again at once when a command is sent on a connection ioredis ended that way', async () => {
      const kept = open(new KeptRedis(options()));
      await connectCut(kept);
      expect(kept.status).toBe('end');
      // what the socket.io adapter's stream reader sends next: waits in the offline queue for the
      // new connection instead of failing at once (the reader read again at once, for ever)
      await expect(kept.xread('BLOCK', 10, 'STREAMS', 'kept-stream', '$')).resolves.toBeNull();
      expect(await kept.ping()).toBe('PONG');
      expect(await group.currentMaster()).toBe(group.masterPort);
    });

    it('connects again by itself when nothing is sent on it (a subscriber), after the reconnect delay', async () => {
      const kept = open(new KeptRedis(options()));
      await connectCut(kept);
      await expect(nextOf(kept, 'ready')).resolves.toBe('ready');
      expect(kept.status).toBe('ready');
    });

    it('keeps its duplicates connected the same way (the adapter reads on duplicates)', async () => {
      const kept = open(new KeptRedis(options()));
      const copy = open(kept.duplicate());
      expect(copy).toBeInstanceOf(KeptRedis);
      await connectCut(copy);
      expect(await copy.ping()).toBe('PONG');
    });

    it('stays closed once the app closed it, by quit or by disconnect', async () => {
      const quitted = open(new KeptRedis(options()));
      await quitted.connect();
      await quitted.quit();
      const disconnected = open(new KeptRedis(options()));
      await disconnected.connect();
      const ended = nextOf(disconnected, 'end');
      disconnected.disconnect();
      await ended;
      for (const redis of [quitted, disconnected]) {
        await expect(redis.ping()).rejects.toThrow('Connection is closed.');
        expect(redis.status).toBe('end');
      }
    });

    it("gives BullMQ's connections, which it opens itself, no failover detector to be cut by", () => {
      const config = loadConfig({
        DATABASE_URL: 'postgresql://h/x',
        REDIS_SENTINELS: group.sentinels,
        REDIS_SENTINEL_MASTER: SENTINEL_MASTER,
      });
      expect(workerConnection(config)).toMatchObject({ failoverDetector: false });
      expect(redisOptions(config, { use: 'blocking' })).toMatchObject({ failoverDetector: true });
    });
  },
);
