import pg from 'pg';

const INT8_OID = 20;
const DATE_OID = 1082;
const TIMESTAMP_OID = 1114;

/**
 * Type parsers for statements sent straight through `pg` (`PrismaService.pool`). Prisma keeps
 * DateTime as `timestamp(3)` without a time zone, holding UTC, and a `@db.Date` as midnight UTC:
 * they come back as Prisma reads them (`pg` on its own would read both in the process's time
 * zone). A `bigint` (counts, message sequence numbers) comes back as a number: they stay far
 * below 2^53.
 */
export const PG_ROW_TYPES = {
  getTypeParser: (oid: number, format?: string) => {
    if (oid === TIMESTAMP_OID) return (value: string) => new Date(`${value.replace(' ', 'T')}Z`);
    if (oid === DATE_OID) return (value: string) => new Date(`${value}T00:00:00Z`);
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

/** A Date as a `timestamp(3)` parameter holding UTC, as Prisma writes it. */
export function utcTimestamp(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/** A Date's UTC day as a `date` parameter. */
export function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
