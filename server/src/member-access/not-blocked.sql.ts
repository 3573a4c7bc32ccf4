/**
 * Neither member blocked the other, in SQL (`me`: the viewer, an SQL expression such as `$1`;
 * `other`: the other account's id column): the viewer's blocks are read once (a hashed NOT IN),
 * not probed for every row. The hand-written statements' form of the block rule of
 * visibility.ts (card.sql.ts's listRuleSql, the contact rule, privacy-partner.sql.ts).
 */
export function notBlocked(other: string, me = '$1'): string {
  return `${other} NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = ${me}
     UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = ${me})`;
}
