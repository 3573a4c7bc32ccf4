import { Injectable } from '@nestjs/common';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH, RESET_MAILS_PER_DAY } from '@app/contract';
import { AppError } from '../common/app-error';
import { isUniqueViolation } from '../common/failures';
import { passwordProblem, type PasswordProblem } from '@app/contract';
import { consumeToken } from '../common/tokens';
import { PrismaService } from '../prisma/prisma.service';
import { RedisService } from '../redis/redis.service';
import { MailOutbox } from '../mail';
import { PasswordGate, PasswordHasher, type AttemptSource } from '../auth';
import { endCredentials, endLinks } from './credential-links';
import { normalizeEmail } from './email';
import { ChallengeService } from '../challenge';

/**
 * A broken password rule as an error on the `password` field, with the limits for its message
 * (the message's own limit as its `count`, which chooses the plural form).
 */
export function passwordError(problem: PasswordProblem): AppError {
  const count = problem === 'password_too_long' ? PASSWORD_MAX_BYTES : PASSWORD_MIN_LENGTH;
  return new AppError(
    problem,
    { min: PASSWORD_MIN_LENGTH, max_bytes: PASSWORD_MAX_BYTES, count },
    'password',
  );
}

/** The rules of a new password, each with its own message on the `password` field. */
export function checkNewPassword(
  password: string,
  repeat: string,
  identity: { email?: string | null; name?: string | null } = {},
): void {
  if (password !== repeat) throw new AppError('passwords_mismatch', {}, 'password_repeat');
  const problem = passwordProblem(password, identity);
  if (problem) throw passwordError(problem);
}

/**
 * Password reset by mail, password change, and e-mail change (asked with the current password,
 * confirmed by the new address, announced to the old address with a link that undoes it).
 * Links are consumed atomically; every credential change ends all other credential links of the
 * member and their other sessions in the same transaction (endCredentials).
 */
@Injectable()
export class CredentialsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
    private readonly outbox: MailOutbox,
    private readonly hasher: PasswordHasher,
    private readonly gate: PasswordGate,
    private readonly challenges: ChallengeService,
  ) {}

  async requestReset(rawEmail: string, challenge: string | undefined): Promise<void> {
    // first the proof of work: an address that has no account tells nothing without it
    await this.challenges.require(challenge);
    const email = rawEmail.trim().toLowerCase();
    const user = await this.prisma.user.findUnique({
      where: { email },
      select: { id: true, status: true },
    });
    if (!user || (user.status !== 'confirmed' && user.status !== 'not_confirmed')) {
      throw new AppError('email_not_found', {}, 'email');
    }
    if ((await this.redis.countToday(`mail:reset:${user.id}`)) > RESET_MAILS_PER_DAY)
      throw new AppError('reset_limit');
    await this.outbox.send({ userId: user.id, template: 'reset' });
  }

  /** Sets the new password of a reset link; every session and credential link of the member ends. */
  async completeReset(token: string, password: string, repeat: string): Promise<void> {
    checkNewPassword(password, repeat);
    const passwordHash = await this.hasher.hash(password);
    const now = new Date();
    const mails = await this.prisma.$transaction(async (tx) => {
      const used = await consumeToken(tx, token, 'password_reset', now);
      if (!used) throw new AppError('reset_link_invalid');
      const user = await tx.user.findUniqueOrThrow({
        where: { id: used.userId },
        select: { email: true, profile: { select: { name: true } } },
      });
      // throwing here rolls the transaction back: the link stays usable for a better password
      checkNewPassword(password, repeat, { email: user.email, name: user.profile?.name });
      await tx.user.update({ where: { id: used.userId }, data: { passwordHash } });
      await endCredentials(tx, used.userId, now);
      return [await this.outbox.write(tx, { userId: used.userId, template: 'password_changed' })];
    });
    await this.outbox.dispatch(mails);
  }

  async changePassword(
    userId: number,
    currentSessionId: string,
    input: { old_password: string; password: string; password_repeat: string },
    source: AttemptSource,
  ): Promise<void> {
    const user = await this.account(userId);
    const checked = await this.gate.check(user.email, user, input.old_password, source);
    if (!checked.ok) throw new AppError('wrong_old_password', {}, 'old_password');
    checkNewPassword(input.password, input.password_repeat, {
      email: user.email,
      name: user.profile?.name,
    });
    const passwordHash = await this.hasher.hash(input.password);
    const now = new Date();
    const mails = await this.prisma.$transaction(async (tx) => {
      await tx.user.update({ where: { id: userId }, data: { passwordHash } });
      await endCredentials(tx, userId, now, {
        sessionId: currentSessionId,
        deviceId: checked.deviceId,
      });
      return [await this.outbox.write(tx, { userId, template: 'password_changed' })];
    });
    await this.outbox.dispatch(mails);
  }

  /**
   * Asks for an e-mail change: needs the current password; the new address gets the link that
   * makes the change, the current address a notice with a link that cancels it.
   */
  async requestMailChange(
    userId: number,
    input: { email: string; password: string },
    source: AttemptSource,
  ): Promise<string> {
    const email = normalizeEmail(input.email, 'new_email_invalid');
    const user = await this.account(userId);
    const checked = await this.gate.check(user.email, user, input.password, source);
    if (!checked.ok) throw new AppError('wrong_password', {}, 'password');
    const taken = await this.prisma.user.findUnique({ where: { email }, select: { id: true } });
    if (taken) throw new AppError('email_taken', {}, 'email');
    const mails = await this.prisma.$transaction(async (tx) => {
      // one change at a time: an earlier request's link stops working
      await endLinks(tx, userId, ['mail_change'], new Date());
      return [
        await this.outbox.write(tx, { userId, template: 'mail_change', newEmail: email }),
        await this.outbox.write(tx, {
          userId,
          template: 'mail_change_notice',
          recipient: user.email,
          newEmail: email,
        }),
      ];
    });
    await this.outbox.dispatch(mails);
    return email;
  }

  /** Applies a confirmed e-mail change; the member's other sessions and credential links end. */
  async completeMailChange(token: string, currentSessionId: string | undefined): Promise<string> {
    const now = new Date();
    try {
      const { email, mails } = await this.prisma.$transaction(async (tx) => {
        const used = await consumeToken(tx, token, 'email_change', now);
        if (!used?.newEmail) throw new AppError('reset_link_invalid');
        const before = await tx.user.findUniqueOrThrow({
          where: { id: used.userId },
          select: { email: true },
        });
        await tx.user.update({ where: { id: used.userId }, data: { email: used.newEmail } });
        await endCredentials(tx, used.userId, now, { sessionId: currentSessionId });
        const notice = before.email
          ? [
              await this.outbox.write(tx, {
                userId: used.userId,
                template: 'mail_changed',
                recipient: before.email,
                newEmail: used.newEmail,
              }),
            ]
          : [];
        return { email: used.newEmail, mails: notice };
      });
      await this.outbox.dispatch(mails);
      return email;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('email_taken', {}, 'email');
      throw error;
    }
  }

  /**
   * The link mailed to the previous address: undoes the change (before or after it was made),
   * ends every session and credential link, and forgets trusted browsers: whoever asked for
   * the change knew the password, so the owner should choose a new one next.
   */
  async cancelMailChange(token: string): Promise<string> {
    const now = new Date();
    try {
      return await this.prisma.$transaction(async (tx) => {
        const used = await consumeToken(tx, token, 'email_change_cancel', now);
        if (!used?.newEmail) throw new AppError('link_invalid');
        const user = await tx.user.findUniqueOrThrow({
          where: { id: used.userId },
          select: { email: true, status: true },
        });
        if (user.status === 'purged') throw new AppError('link_invalid');
        if (user.email !== used.newEmail) {
          await tx.user.update({ where: { id: used.userId }, data: { email: used.newEmail } });
        }
        await endCredentials(tx, used.userId, now);
        return used.newEmail;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('email_taken', {}, 'email');
      throw error;
    }
  }

  private async account(userId: number) {
    const user = await this.prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { id: true, email: true, passwordHash: true, profile: { select: { name: true } } },
    });
    return { ...user, email: user.email ?? '' };
  }
}
