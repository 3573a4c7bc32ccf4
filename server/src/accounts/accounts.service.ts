import { Injectable } from '@nestjs/common';
import {
  ACTIVATION_MAILS_PER_DAY,
  ACTIVATION_TOKEN_DAYS,
  type Language,
} from '../common/constants';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { RedisService } from '../redis/redis.service';
import { MailQueue } from '../mail/mail.jobs';
import { LoginThrottleService } from './login-throttle.service';
import { normalizeEmail } from './email';
import { verifyPassword } from './passwords';
import { hashToken } from './session.service';
import { activationPath, newEmailToken } from './tokens';

const DAY_MS = 86_400_000;

@Injectable()
export class AccountsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
    private readonly throttle: LoginThrottleService,
    private readonly mailQueue: MailQueue,
  ) {}

  setLanguage(userId: number, language: Language) {
    return this.prisma.user.update({
      where: { id: userId },
      data: { language },
      include: { profile: true },
    });
  }

  /**
   * The same 'Login mislukt, probeer opnieuw' for an unknown e-mail and a wrong password;
   * failures in a row are counted per account and per IP (LoginThrottleService).
   */
  async login(rawEmail: string, password: string, ip: string) {
    const email = rawEmail.trim().toLowerCase();
    await this.throttle.assertAllowed(email, ip);
    const user = await this.prisma.user.findUnique({
      where: { email },
      include: { profile: true },
    });
    const usable = user && (user.status === 'confirmed' || user.status === 'not_confirmed');
    const ok = await verifyPassword(password, usable ? user.passwordHash : null);
    if (!ok || !user) {
      await this.throttle.recordFailure(email, ip);
      throw new AppError('login_failed');
    }
    await this.throttle.clear(email, ip);
    return this.prisma.user.update({
      where: { id: user.id },
      data: { lastLoginAt: new Date() },
      include: { profile: true },
    });
  }

  /** Confirms the e-mail address of an activation link; the profile becomes visible. */
  async activate(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const found = await this.prisma.emailToken.findUnique({
      where: { tokenHash: hashToken(token) },
      include: { user: true },
    });
    if (!found || found.type !== 'activation') return false;
    if (found.usedAt) return found.user.status === 'confirmed'; // a second click still succeeds
    if (found.expiresAt <= new Date() || found.user.status !== 'not_confirmed') return false;
    const now = new Date();
    await this.prisma.$transaction([
      this.prisma.emailToken.update({ where: { id: found.id }, data: { usedAt: now } }),
      this.prisma.user.update({
        where: { id: found.userId },
        data: { status: 'confirmed', confirmedAt: now, profile: { update: { status: 'active' } } },
      }),
    ]);
    return true;
  }

  /** Resends the activation mail, to a corrected address if one is given. */
  async resendActivation(userId: number, newEmail: string | undefined): Promise<string> {
    const user = await this.prisma.user.findUniqueOrThrow({
      where: { id: userId },
      include: { profile: true },
    });
    if (user.status !== 'not_confirmed') throw new AppError('already_confirmed');
    let email = user.email as string;
    if (newEmail !== undefined && newEmail.trim() !== '') {
      email = normalizeEmail(newEmail);
      if (email !== user.email) {
        const taken = await this.prisma.user.findUnique({ where: { email }, select: { id: true } });
        if (taken) throw new AppError('email_taken', {}, 'email');
      }
    }
    const key = `mail:activation:${userId}:${new Date().toISOString().slice(0, 10)}`;
    const sent = await this.redis.incr(key);
    await this.redis.expire(key, 86_400);
    if (sent > ACTIVATION_MAILS_PER_DAY) throw new AppError('rate_limited');

    const { token, tokenHash } = newEmailToken();
    await this.prisma.user.update({
      where: { id: userId },
      data: {
        email,
        emailTokens: {
          create: {
            type: 'activation',
            tokenHash,
            expiresAt: new Date(Date.now() + ACTIVATION_TOKEN_DAYS * DAY_MS),
          },
        },
      },
    });
    await this.mailQueue.send({
      userId,
      to: email,
      name: user.profile?.name ?? '',
      language: user.language as Language,
      template: 'activation',
      path: activationPath(token),
    });
    return email;
  }
}
