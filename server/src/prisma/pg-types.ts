import pg from 'pg';

const DATE_OID = 1082;
const TIMESTAMP_OID = 1114;

/**
 * Type parsers for statements sent straight through `pg` (`PrismaService.pool`): the values come
 * back as Prisma gives them. Prisma keeps DateTime as `timestamp(3)` without a time zone, holding
 * UTC, and a `@db.Date` as midnight UTC; `pg` on its own would read both in the process's time
 * zone.
 */
export const PRISMA_TYPES = {
  getTypeParser: (oid: number, format?: string) => {
    if (oid === TIMESTAMP_OID) return (value: string) => new Date(`${value.replace(' ', 'T')}Z`);
    if (oid === DATE_OID) return (value: string) => new Date(`${value}T00:00:00Z`);
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
