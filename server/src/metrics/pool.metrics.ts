import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { CountedHistogram, scrapedMetric } from './counted';
import { PrismaService } from '../prisma/prisma.service';
import { ReadPool } from '../prisma/read-pool';
import { Metrics } from './metrics.service';

const secondsSince = (started: number) => (performance.now() - started) / 1000;

type Connect = (callback?: (...args: unknown[]) => void) => Promise<unknown> | undefined;

/**
 * The PostgreSQL pool (Prisma's and the hot paths' raw queries share it): connections busy and
 * idle, requests waiting for one, and how long getting one took. The time is measured around
 * the pool's own `connect` (both its promise and its callback form), which both Prisma's
 * adapter and `pool.query` go through.
 */
@Injectable()
export class PoolMetrics {
  constructor(metrics: Metrics, prisma: PrismaService, reads: ReadPool) {
    const pool = prisma.pool;
    // the read pool's replicas (DATABASE_REPLICA_URL): none without it
    new Gauge({
      name: 'db_replica_usable',
      help: 'Whether the lag-tolerant reads may use this replica (1) or it is skipped (0)',
      labelNames: ['replica'] as const,
      registers: [metrics.registry],
      collect() {
        for (const state of reads.states()) this.set({ replica: state.name }, state.usable ? 1 : 0);
      },
    });
    new Gauge({
      name: 'db_replica_lag_seconds',
      help: 'How far the replica was behind the primary at its last check (absent: no answer)',
      labelNames: ['replica'] as const,
      registers: [metrics.registry],
      collect() {
        this.reset();
        for (const state of reads.states()) {
          if (state.lagMs !== null) this.set({ replica: state.name }, state.lagMs / 1000);
        }
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections of this process, by state (busy, idle)',
      labelNames: ['state'] as const,
      registers: [metrics.registry],
      collect() {
        this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_clients',
      help: 'Queries of this process waiting for a PostgreSQL connection (the pool is full)',
      registers: [metrics.registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
    // counted in place: every statement of every request takes a connection (counted.ts)
    const acquire = new CountedHistogram([0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]);
    metrics.registry.registerMetric(
      scrapedMetric({
        name: 'db_pool_acquire_seconds',
        help: 'Time to get a PostgreSQL connection from the pool (waits when it is full)',
        type: 'histogram',
        samples: () => acquire.samples('db_pool_acquire_seconds'),
        reset: () => acquire.reset(),
      }),
    );
    const connect = pool.connect.bind(pool) as Connect;
    (pool as unknown as { connect: Connect }).connect = (callback) => {
      const started = performance.now();
      if (!callback) {
        return (connect() as Promise<unknown>).finally(() =>
          acquire.observe(secondsSince(started)),
        );
      }
      return connect((error, client, release) => {
        acquire.observe(secondsSince(started));
        callback(error, client, release);
      });
    };
  }
}
