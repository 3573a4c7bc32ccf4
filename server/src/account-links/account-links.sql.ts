import { Prisma } from '../generated/prisma/client';
import { DENYING } from './account-links.service';

/**
 * True when another account of the same person (one sharing a browser or payment instrument
 * signal with the account `userId` names, AccountLinks.samePerson) has paid, or redeemed the
 * code `code`: what refuses that account the welcome code (discounts), in SQL, for the mails
 * that offer it to many members at once.
 */
export function samePersonUsedWelcomeSql(userId: Prisma.Sql, code: string): Prisma.Sql {
  return Prisma.sql`EXISTS (
            SELECT 1 FROM account_signals mine
            JOIN account_signals theirs ON theirs.kind = mine.kind AND theirs.value = mine.value
                                       AND theirs.user_id <> mine.user_id
            JOIN users other ON other.id = theirs.user_id
            WHERE mine.user_id = ${userId} AND mine.kind IN (${Prisma.join([...DENYING])})
              AND (other.paid_user
                   OR EXISTS (SELECT 1 FROM discount_redemptions r
                              JOIN discount_codes c ON c.id = r.code_id
                              WHERE r.user_id = other.id AND c.code = ${code})))`;
}
