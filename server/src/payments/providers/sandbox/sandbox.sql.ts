import { Prisma } from '../../../generated/prisma/client';

/** Locks a sandbox payment's row until the transaction ends (one refund decided at a time). */
export function lockSandboxPaymentStatement(ref: string): Prisma.Sql {
  return Prisma.sql`SELECT ref FROM sandbox_payments WHERE ref = ${ref} FOR UPDATE`;
}
