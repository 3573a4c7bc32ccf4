import { Injectable } from '@nestjs/common';
import {
  MAIL_CHANGE_TOKEN_HOURS,
  PASSWORD_MIN_LENGTH,
  RESET_MAILS_PER_DAY,
  RESET_TOKEN_MINUTES,
  type Language,
} from '../common/constants';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { RedisService } from '../redis/redis.service';
import { MailQueue } from '../mail/mail.jobs';
import { hashPassword, verifyPassword } from './passwords';
import { hashToken } from './session.service';
import { mailChangePath, newEmailToken, resetPath } from './tokens';
import { z } from 'zod';

const emailSchema = z.email();

function checkNewPassword(password: string, repeat: string): void {
  if (password !== repeat) throw new AppError('passwords_mismatch', {}, 'password_repeat');
  if (password.length < PASSWORD_MIN_LENGTH)
    throw new AppError('password_too_short', {}, 'password');
}

/**
 * Password reset by mail, password change and e-mail change. Links are single-use and expire;
 * a changed password or e-mail address ends the member's other sessions.
 */
@Injectable()
export class CredentialsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
    private readonly mailQueue: MailQueue,
  ) {}

  async requestReset(rawEmail: string): Promise<void> {
    const email = rawEmail.trim().toLowerCase();
    const user = await this.prisma.user.findUnique({
      where: { email },
      include: { profile: true },
    });
    if (!user || (user.status !== 'confirmed' && user.status !== 'not_confirmed')) {
      throw new AppError('email_not_found', {}, 'email');
    }
    const key = `mail:reset:${user.id}:${new Date().toISOString().slice(0, 10)}`;
    const sent = await this.redis.incr(key);
    await this.redis.expire(key, 86_400);
    if (sent > RESET_MAILS_PER_DAY) throw new AppError('reset_limit');
    const { token, tokenHash } = newEmailToken();
    await this.prisma.emailToken.create({
      data: {
        userId: user.id,
        type: 'password_reset',
        tokenHash,
        expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
      },
    });
    await this.mailQueue.send({
      userId: user.id,
      to: email,
      name: user.profile?.name ?? '',
      language: user.language as Language,
      template: 'reset',
      path: resetPath(token),
    });
  }

  private async usableToken(token: string, type: 'password_reset' | 'email_change') {
    const found = await this.prisma.emailToken.findUnique({
      where: { tokenHash: hashToken(token) },
    });
    if (!found || found.type !== type || found.usedAt || found.expiresAt <= new Date()) {
      throw new AppError('reset_link_invalid');
    }
    return found;
  }

  /** Sets the new password of a reset link and ends every session of the member. */
  async completeReset(token: string, password: string, repeat: string): Promise<void> {
    checkNewPassword(password, repeat);
    const found = await this.usableToken(token, 'password_reset');
    const passwordHash = await hashPassword(password);
    await this.prisma.$transaction([
      this.prisma.emailToken.update({ where: { id: found.id }, data: { usedAt: new Date() } }),
      this.prisma.emailToken.updateMany({
        where: { userId: found.userId, type: 'password_reset', usedAt: null },
        data: { usedAt: new Date() },
      }),
      this.prisma.user.update({ where: { id: found.userId }, data: { passwordHash } }),
      this.prisma.session.deleteMany({ where: { userId: found.userId } }),
    ]);
  }

  async changePassword(
    userId: number,
    currentSessionId: string,
    input: { old_password: string; password: string; password_repeat: string },
  ): Promise<void> {
    const user = await this.prisma.user.findUniqueOrThrow({ where: { id: userId } });
    if (!(await verifyPassword(input.old_password, user.passwordHash))) {
      throw new AppError('wrong_old_password', {}, 'old_password');
    }
    checkNewPassword(input.password, input.password_repeat);
    const passwordHash = await hashPassword(input.password);
    await this.prisma.$transaction([
      this.prisma.user.update({ where: { id: userId }, data: { passwordHash } }),
      this.prisma.session.deleteMany({ where: { userId, id: { not: currentSessionId } } }),
    ]);
  }

  /** Sends a confirmation link to the new address; nothing changes until it is followed. */
  async requestMailChange(userId: number, rawEmail: string): Promise<string> {
    const email = rawEmail.trim().toLowerCase();
    if (!emailSchema.safeParse(email).success) throw new AppError('new_email_invalid', {}, 'email');
    const user = await this.prisma.user.findUniqueOrThrow({
      where: { id: userId },
      include: { profile: true },
    });
    const taken = await this.prisma.user.findUnique({ where: { email }, select: { id: true } });
    if (taken) throw new AppError('email_taken', {}, 'email');
    const { token, tokenHash } = newEmailToken();
    await this.prisma.emailToken.create({
      data: {
        userId,
        type: 'email_change',
        tokenHash,
        newEmail: email,
        expiresAt: new Date(Date.now() + MAIL_CHANGE_TOKEN_HOURS * 3_600_000),
      },
    });
    await this.mailQueue.send({
      userId,
      to: email,
      name: user.profile?.name ?? '',
      language: user.language as Language,
      template: 'mail_change',
      path: mailChangePath(token),
    });
    return email;
  }

  /** Applies a confirmed e-mail change; sessions other than the confirming one end. */
  async completeMailChange(token: string, currentSessionId: string | undefined): Promise<string> {
    const found = await this.usableToken(token, 'email_change');
    const email = found.newEmail as string;
    const taken = await this.prisma.user.findUnique({ where: { email }, select: { id: true } });
    if (taken && taken.id !== found.userId) throw new AppError('email_taken', {}, 'email');
    await this.prisma.$transaction([
      this.prisma.emailToken.update({ where: { id: found.id }, data: { usedAt: new Date() } }),
      this.prisma.user.update({ where: { id: found.userId }, data: { email } }),
      this.prisma.session.deleteMany({
        where: {
          userId: found.userId,
          ...(currentSessionId ? { id: { not: currentSessionId } } : {}),
        },
      }),
    ]);
    return email;
  }
}
