import { Injectable } from '@nestjs/common';
import { ACTIVATION_MAILS_PER_DAY, type Language } from '@app/contract';
import { AppError } from '../common/app-error';
import { isUniqueViolation } from '../common/failures';
import { consumeToken, hashToken } from '../common/tokens';
import { PrismaService } from '../prisma/prisma.service';
import { PostbackOutbox } from '../traffic';
import { RedisService } from '../redis/redis.service';
import { MailOutbox } from '../mail';
import { normalizeEmail } from './email';
import { endLinks } from './credential-links';
import { PasswordGate, SESSION_USER_SELECT, TrustedDevices, type AttemptSource } from '../auth';
import { HeldMessagesService } from '../chats';
import { SettingsService } from '../settings';
import { AccountLinks } from '../account-links';

const LOGIN_STATUSES = ['confirmed', 'not_confirmed'];

@Injectable()
export class AccountsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
    private readonly gate: PasswordGate,
    private readonly devices: TrustedDevices,
    private readonly outbox: MailOutbox,
    private readonly postbacks: PostbackOutbox,
    private readonly held: HeldMessagesService,
    private readonly settings: SettingsService,
    private readonly links: AccountLinks,
  ) {}

  /** PUT /api/user.php: one of the languages the site offers (the setting languages_offered). */
  async setLanguage(userId: number, language: Language) {
    const { languages_offered: offered } = await this.settings.stored();
    if (!offered.includes(language)) throw new AppError('language_not_offered', {}, 'language');
    return this.prisma.user.update({
      where: { id: userId },
      data: { language },
      select: SESSION_USER_SELECT,
    });
  }

  /**
   * The same 'Login mislukt, probeer opnieuw' for an unknown e-mail, a deleted account and a wrong
   * password, after the same work; a banned account with the right password gets 403
   * account_banned (staff banned it: the web shows the ban page). Returns the member and, for a browser it has not
   * logged in from before, a trusted-browser token for its cookie.
   */
  async login(rawEmail: string, password: string, source: AttemptSource) {
    const email = rawEmail.trim().toLowerCase();
    const found = await this.prisma.user.findUnique({
      where: { email },
      select: { id: true, status: true, passwordHash: true },
    });
    const account =
      found && (LOGIN_STATUSES.includes(found.status) || found.status === 'banned') ? found : null;
    const checked = await this.gate.check(email, account, password, source, { challenge: true });
    if (!checked.ok || !account) throw new AppError('login_failed');
    // only the right password learns of the ban (the web shows the ban page)
    if (account.status === 'banned') throw new AppError('account_banned');
    const user = await this.prisma.user.update({
      where: { id: account.id },
      data: {
        lastLoginAt: new Date(),
        ...(checked.upgraded ? { passwordHash: checked.upgraded } : {}),
      },
      select: SESSION_USER_SELECT,
    });
    const device = checked.deviceId ? null : await this.devices.trust(account.id);
    // the accounts used in this browser are one person's (once-per-person benefits)
    if (source.browser) await this.links.record(account.id, [AccountLinks.device(source.browser)]);
    return { user, device };
  }

  /**
   * The link of a lock mail: the browser that follows it is trusted, so the owner logs in
   * whatever others keep typing. `device` is null when the link is expired, used or unknown;
   * `staff` says whether the link is a staff account's, whose sign-in is the console's.
   */
  async unlock(token: string | undefined) {
    return this.prisma.$transaction(async (tx) => {
      const used = await consumeToken(tx, token, 'login_unlock');
      const owner = used
        ? used.userId
        : token
          ? (
              await tx.emailToken.findUnique({
                where: { tokenHash: hashToken(token) },
                select: { userId: true },
              })
            )?.userId
          : undefined;
      const account =
        owner === undefined
          ? null
          : await tx.user.findUnique({
              where: { id: owner },
              select: { roles: true, staffDisabledRoles: true },
            });
      const staff = account ? account.roles.length + account.staffDisabledRoles.length > 0 : false;
      return { device: used ? await this.devices.trust(used.userId, tx) : null, staff };
    });
  }

  /**
   * Confirms the e-mail address of an activation link; the profile becomes visible and the
   * messages the member wrote meanwhile are delivered (released in the same transaction, their
   * events sent once it committed).
   */
  async activate(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const now = new Date();
    let released: Awaited<ReturnType<HeldMessagesService['releaseHeld']>> | null = null;
    let conversions: number[] = [];
    const activated = await this.prisma.$transaction(async (tx) => {
      const used = await consumeToken(tx, token, 'activation', now);
      if (!used) {
        // a second click on a used link still lands on the success page
        const earlier = await tx.emailToken.findUnique({
          where: { tokenHash: hashToken(token) },
          select: { type: true, usedAt: true, user: { select: { status: true } } },
        });
        return (
          earlier?.type === 'activation' &&
          earlier.usedAt !== null &&
          earlier.user.status === 'confirmed'
        );
      }
      const { count } = await tx.user.updateMany({
        where: { id: used.userId, status: 'not_confirmed' },
        data: { status: 'confirmed', confirmedAt: now },
      });
      if (count === 0) return false;
      await tx.profile.updateMany({ where: { userId: used.userId }, data: { status: 'active' } });
      released = await this.held.releaseHeld(tx, used.userId);
      conversions = await this.postbacks.write(tx, used.userId, 'activation');
      return true;
    });
    await this.postbacks.dispatch(conversions);
    if (released) await this.held.announceReleased(released);
    return activated;
  }

  /** Resends the activation mail, to a corrected address if one is given. */
  async resendActivation(userId: number, newEmail: string | undefined): Promise<string> {
    const user = await this.prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { email: true, status: true },
    });
    if (user.status !== 'not_confirmed') throw new AppError('already_confirmed');
    let email = user.email as string;
    if (newEmail !== undefined && newEmail.trim() !== '') email = normalizeEmail(newEmail);
    if (email !== user.email) {
      const taken = await this.prisma.user.findUnique({ where: { email }, select: { id: true } });
      if (taken) throw new AppError('email_taken', {}, 'email');
    }
    if ((await this.redis.countToday(`mail:activation:${userId}`)) > ACTIVATION_MAILS_PER_DAY)
      throw new AppError('rate_limited');

    try {
      const mails = await this.prisma.$transaction(async (tx) => {
        await tx.user.update({ where: { id: userId }, data: { email } });
        // links mailed to an earlier (perhaps mistyped) address stop working
        await endLinks(tx, userId, ['activation'], new Date());
        return [await this.outbox.write(tx, { userId, template: 'activation' })];
      });
      await this.outbox.dispatch(mails);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('email_taken', {}, 'email');
      throw error;
    }
    return email;
  }
}
