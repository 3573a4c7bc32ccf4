import type { Logger } from '@nestjs/common';
import type { Namespace } from 'socket.io';
import { Adapter, type ClusterMessage } from 'socket.io-adapter';
import { localFirst } from './local-first-adapter';

/** A cluster adapter whose publishes fail `failures` times, then land; resolves each call. */
function clusterAdapter(failures: number) {
  const calls: ClusterMessage[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const factory = (nsp: Namespace) => {
    const adapter = new Adapter(nsp) as Adapter & {
      publishAndReturnOffset(message: ClusterMessage): Promise<string>;
    };
    adapter.publishAndReturnOffset = (message) => {
      calls.push(message);
      for (const waiter of waiters.filter((w) => w.count === calls.length)) waiter.resolve();
      return calls.length <= failures
        ? Promise.reject(new Error('Connection is closed.'))
        : Promise.resolve(`${calls.length}-0`);
    };
    return adapter;
  };
  const publishes = (count: number) =>
    new Promise<void>((resolve) => {
      if (calls.length >= count) resolve();
      else waiters.push({ count, resolve });
    });
  return { factory, calls, publishes };
}

const namespace = () =>
  ({
    name: '/',
    sockets: new Map(),
    server: { encoder: { encode: () => [] } },
  }) as unknown as Namespace;

describe('localFirst: broadcasts reach this process at once and the others through Redis', () => {
  it('publishes a broadcast again when Redis dropped the first publish under it (a failover)', async () => {
    const cluster = clusterAdapter(1);
    const warn = jest.fn();
    const adapter = localFirst(cluster.factory, { warn } as unknown as Logger)(namespace());
    adapter.broadcast({ type: 2, data: ['message:new', { id: 1 }] }, { rooms: new Set(['u:7']) });
    await cluster.publishes(2);
    expect(cluster.calls).toHaveLength(2);
    expect(cluster.calls[1]).toEqual(cluster.calls[0]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives a publish up after five attempts and says so (the client catches up over HTTP)', async () => {
    const cluster = clusterAdapter(Infinity);
    let warned: (message: string) => void = () => undefined;
    const warning = new Promise<string>((resolve) => (warned = resolve));
    const adapter = localFirst(cluster.factory, { warn: warned } as unknown as Logger)(namespace());
    adapter.broadcast({ type: 2, data: ['chats:changed'] }, { rooms: new Set(['u:8']) });
    expect(await warning).toMatch(/Could not publish a broadcast to the other processes/);
    expect(cluster.calls).toHaveLength(5);
  });

  it('publishes nothing for a broadcast to this process only', async () => {
    const cluster = clusterAdapter(0);
    const adapter = localFirst(cluster.factory, { warn: jest.fn() } as unknown as Logger)(
      namespace(),
    );
    adapter.broadcast(
      { type: 2, data: ['presence'] },
      { rooms: new Set(['u:9']), flags: { local: true } },
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(cluster.calls).toHaveLength(0);
  });
});
