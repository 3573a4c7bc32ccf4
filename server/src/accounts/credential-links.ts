import type { Prisma } from '../generated/prisma/client';
import { CREDENTIAL_MAILS, MAIL_TEMPLATES, type MailTemplate } from '../mail';

/**
 * In the caller's transaction: the links of these mails stop working (their tokens are used up)
 * and those of them not sent yet are dropped.
 */
export async function endLinks(
  tx: Prisma.TransactionClient,
  userId: number,
  templates: MailTemplate[],
  now: Date,
): Promise<void> {
  const types = templates.flatMap((template) => MAIL_TEMPLATES[template].token ?? []);
  await tx.emailToken.updateMany({
    where: { userId, usedAt: null, type: { in: types } },
    data: { usedAt: now },
  });
  await tx.mailIntent.deleteMany({ where: { userId, template: { in: templates } } });
}

/** What a credential change leaves standing: the member's own session and browser. */
export interface Keep {
  sessionId?: string;
  deviceId?: string | null;
}

/**
 * In the caller's transaction, after a password reset, a password change or an e-mail change
 * (made or cancelled): every link that acts on the member's credentials stops working (reset,
 * e-mail change, activation, unlock), their mails not sent yet are dropped, and every trusted
 * browser and every session is ended but those in `keep`. Whatever an attacker set up before is
 * gone with it. Cancel links of an e-mail change are the owner's way back and stay valid.
 */
export async function endCredentials(
  tx: Prisma.TransactionClient,
  userId: number,
  now: Date,
  keep: Keep = {},
): Promise<void> {
  await endLinks(tx, userId, CREDENTIAL_MAILS, now);
  await tx.trustedDevice.deleteMany({
    where: { userId, ...(keep.deviceId ? { id: { not: keep.deviceId } } : {}) },
  });
  await tx.session.deleteMany({
    where: { userId, ...(keep.sessionId ? { id: { not: keep.sessionId } } : {}) },
  });
}
