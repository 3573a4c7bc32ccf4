import { Injectable, Logger } from '@nestjs/common';
import {
  TRAFFIC_DIMENSIONS,
  TRAFFIC_FIELD_MAX,
  type TrafficDimension,
  type TrafficSource,
} from '@app/contract';
import { RedisService } from '../redis/redis.service';
import { localDay } from '../figures';

/** Beacon counts stay in Redis this long (days): the rollup reads today and yesterday. */
const KEEP_DAYS = 8;
/** The most sources one day's hash counts; beacons of further sources count as OVERFLOW. */
export const MAX_SOURCES_PER_DAY = 20_000;
/** The source of the beacons over the cap (a network name no tracking data can carry). */
export const OVERFLOW_NETWORK = '(other)';

export type BeaconKind = 'visit' | 'bounce';
/** A source as the rollup keys it: every field, '' for none. */
export type SourceKey = Record<TrafficDimension, string>;

export const beaconKey = (kind: BeaconKind, day: string) => `traffic:${kind}:${day}`;

/** A source's field in a day's hash: its fields in TRAFFIC_DIMENSIONS' order, as JSON. */
export function sourceField(source: TrafficSource): string {
  return JSON.stringify(
    TRAFFIC_DIMENSIONS.map((field) =>
      (source[field] ?? '').trim().slice(0, TRAFFIC_FIELD_MAX[field]),
    ),
  );
}

/** A hash field back to its source (a field that does not parse counts as OVERFLOW). */
export function parseSourceField(field: string): SourceKey {
  try {
    const values = JSON.parse(field) as unknown;
    if (
      Array.isArray(values) &&
      values.length === TRAFFIC_DIMENSIONS.length &&
      values.every((value) => typeof value === 'string')
    ) {
      return Object.fromEntries(
        TRAFFIC_DIMENSIONS.map((name, i) => [name, values[i] as string]),
      ) as SourceKey;
    }
  } catch {
    // below
  }
  return overflowSource();
}

const overflowSource = (): SourceKey => ({
  ...(Object.fromEntries(TRAFFIC_DIMENSIONS.map((name) => [name, ''])) as SourceKey),
  network: OVERFLOW_NETWORK,
});

/**
 * Counts one beacon in the day's hash: a new source only while the hash has fewer than
 * MAX_SOURCES_PER_DAY (one script, so two beacons at once never pass the cap), else OVERFLOW.
 */
const COUNT_SCRIPT = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 or redis.call('HLEN', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
else
  redis.call('HINCRBY', KEYS[1], ARGV[2], 1)
end
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1`;

/**
 * The traffic beacons (POST /api/traffic-beacon.php): a visit (a browser session's first
 * landing with tracking data) and a bounce (that landing page hidden before the visitor went
 * on), counted per Europe/Amsterdam day and source in Redis (`traffic:<kind>:<day>`, source ->
 * count), which the worker's roll-up-traffic task writes into daily_traffic. Nothing about the
 * person is kept; a Redis failure is logged, never answered with an error (a beacon cannot wait).
 */
@Injectable()
export class TrafficBeacons {
  private readonly logger = new Logger('TrafficBeacons');

  constructor(private readonly redis: RedisService) {}

  async count(kind: BeaconKind, source: TrafficSource, now = new Date()): Promise<void> {
    const key = beaconKey(kind, localDay(now));
    const overflow = sourceField({ network: OVERFLOW_NETWORK });
    try {
      await this.redis.eval(
        COUNT_SCRIPT,
        1,
        key,
        sourceField(source),
        overflow,
        MAX_SOURCES_PER_DAY,
        KEEP_DAYS * 86_400,
      );
    } catch (error) {
      this.logger.warn(`Traffic ${kind} not counted: ${String(error)}`);
    }
  }

  /** A day's counts of one kind, by source field (empty when none or Redis is down). */
  async read(kind: BeaconKind, day: string): Promise<Map<string, number>> {
    const hash = await this.redis.hgetall(beaconKey(kind, day));
    return new Map(Object.entries(hash).map(([field, n]) => [field, Number(n)]));
  }
}
