import { Prisma } from '../generated/prisma/client';

/**
 * Every advisory lock the server takes, in one list. All are transaction locks
 * (`pg_advisory_xact_lock`): held until the caller's transaction ends, never released by hand.
 *
 * Two-key locks `(class, key)`: the class says what is locked, the key which one. A class is
 * unique in this list; a new one gets a value no other class has. Values never change while a
 * release may still run beside the previous one (two processes would lock different things).
 *
 * | class                       | value   | second key                | serialises                                       |
 * |-----------------------------|---------|---------------------------|--------------------------------------------------|
 * | CHAT                        | 11      | a member's account id     | the seqs of a member's messages (chats/chat-locks.ts, message-writer.sql.ts) |
 * | SWIPE                       | 0x5317e | the swiper's account id   | a member's swipe decisions and the daily likes   |
 * | DIRECT_DEBIT_MEMBER         | 0xdd11  | the member's account id   | a member's direct debits and their limit         |
 * | DIRECT_DEBIT_IBAN           | 0xdd12  | hashtext(IBAN)            | the debits of one bank account                   |
 * | DIRECT_DEBIT_PHONE          | 0xdd13  | hashtext(phone number)    | the debits one phone number confirms             |
 * | PARTNER_LIBRARY             | 0x11b   | the partner's profile id  | uploads to a chat partner's library and its limit (staff-partners/library.service.ts) |
 * | TRAFFIC_DAY                 | 0x7aff  | the day as yyyymmdd       | the rollup's rewrite of one day of daily_traffic (two workers at once; traffic/traffic-rollup.task.ts) |
 *
 * One-key locks on `hashtext(name)` (a key space apart from the two-key locks in PostgreSQL):
 *
 * | name                    | serialises                                                                 |
 * |-------------------------|----------------------------------------------------------------------------|
 * | settings                | changes of the site settings (each audit row's before is the last after)   |
 * | vonkje.staff_accounts   | changes of staff accounts (never the last enabled admin); also prisma/staff.ts |
 */
export const ADVISORY_LOCK = {
  CHAT: 11,
  SWIPE: 0x5317e,
  DIRECT_DEBIT_MEMBER: 0xdd11,
  DIRECT_DEBIT_IBAN: 0xdd12,
  DIRECT_DEBIT_PHONE: 0xdd13,
  PARTNER_LIBRARY: 0x11b,
  TRAFFIC_DAY: 0x7aff,
} as const;

/** The one-key locks, by the name hashed into their key. */
export const NAMED_LOCK = {
  SETTINGS: 'settings',
  STAFF_ACCOUNTS: 'vonkje.staff_accounts',
} as const;

type LockClass = (typeof ADVISORY_LOCK)[keyof typeof ADVISORY_LOCK];

/** Locks `(lockClass, key)` until the transaction ends. */
export function lockStatement(lockClass: LockClass, key: number): Prisma.Sql {
  return Prisma.sql`SELECT pg_advisory_xact_lock(${lockClass}::int, ${key}::int)`;
}

/**
 * Locks `(lockClass, first)` and then `(lockClass, second)` in one round trip (PostgreSQL
 * evaluates a select list from left to right; the caller orders the keys).
 */
export function lockPairStatement(lockClass: LockClass, first: number, second: number): Prisma.Sql {
  return Prisma.sql`SELECT pg_advisory_xact_lock(${lockClass}::int, ${first}::int)::text AS a, pg_advisory_xact_lock(${lockClass}::int, ${second}::int)::text AS b`;
}

/** Locks `(lockClass, hashtext(text))` until the transaction ends. */
export function lockTextStatement(lockClass: LockClass, text: string): Prisma.Sql {
  return Prisma.sql`SELECT pg_advisory_xact_lock(${lockClass}::int, hashtext(${text}))`;
}

/** Locks the one-key lock of this name until the transaction ends. */
export function namedLockStatement(name: (typeof NAMED_LOCK)[keyof typeof NAMED_LOCK]): Prisma.Sql {
  return Prisma.sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`;
}
