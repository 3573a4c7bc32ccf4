import type { ConnectionOptions } from 'bullmq';

/** BullMQ queue names; one place so producers and the worker agree. */
export const QUEUES = {
  maintenance: 'maintenance',
  mail: 'mail',
  purge: 'purge',
} as const;

export const MAINTENANCE_JOBS = {
  purgeExpiredSessions: 'purge-expired-sessions',
} as const;

/** BullMQ needs its own connections (blocking commands); it gets the URL, not our client. */
export function bullConnection(redisUrl: string): ConnectionOptions {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username || undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: Number(url.pathname.slice(1) || 0),
    tls: url.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}
