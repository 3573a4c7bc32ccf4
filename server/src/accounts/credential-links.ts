import type { Prisma } from '../generated/prisma/client';
import { CREDENTIAL_TOKEN_TYPES } from '../common/tokens';
import { CREDENTIAL_MAILS } from '../mail';

/**
 * In the caller's transaction, after a password reset, a password change or an e-mail change:
 * every link that acts on the member's credentials stops working (reset, e-mail change,
 * activation, unlock), their mails not sent yet are dropped, and every trusted browser but the
 * one making the change is forgotten. Whatever an attacker set up before is gone with it.
 */
export async function endCredentialLinks(
  tx: Prisma.TransactionClient,
  userId: number,
  now: Date,
  keepDeviceId: string | null = null,
): Promise<void> {
  await tx.emailToken.updateMany({
    where: { userId, usedAt: null, type: { in: CREDENTIAL_TOKEN_TYPES } },
    data: { usedAt: now },
  });
  await tx.mailIntent.deleteMany({ where: { userId, template: { in: CREDENTIAL_MAILS } } });
  await tx.trustedDevice.deleteMany({
    where: { userId, ...(keepDeviceId ? { id: { not: keepDeviceId } } : {}) },
  });
}
