import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { newToken } from '../common/tokens';
import { isLanguage, translate } from '../i18n/i18n';
import { DEFAULT_LANGUAGE } from '@app/contract';
import { PrismaService } from '../prisma/prisma.service';
import { SettingsService } from '../settings';
import { MailService } from './mail.service';
import { MAIL_TEMPLATES, isMailTemplate, type MailTemplate } from './mail.templates';

export type Delivery = 'sent' | 'gone' | 'skipped';

const ACTIVE = ['confirmed', 'not_confirmed'];

/**
 * The worker side of mail: one intent becomes one mail. The link token is made here, when the
 * mail is sent, and exists afterwards only in the mail and (hashed) in the database. Claiming the
 * intent and storing the token are one transaction, so a credential change that drops the intent
 * either comes first (nothing is sent) or ends the token it finds.
 */
@Injectable()
export class MailDelivery {
  private readonly logger = new Logger('MailDelivery');

  constructor(
    private readonly prisma: PrismaService,
    private readonly mail: MailService,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get appUrl(): string {
    return (this.config.APP_URL ?? `http://localhost:${this.config.PORT}`).replace(/\/$/, '');
  }

  async deliver(intentId: number, now = new Date()): Promise<Delivery> {
    const prepared = await this.prisma.$transaction(async (tx) => {
      const [intent] = await tx.mailIntent.updateManyAndReturn({
        where: { id: intentId, failedAt: null },
        data: { attempts: { increment: 1 } },
      });
      if (!intent) return 'gone' as const;
      if (!isMailTemplate(intent.template)) {
        throw new Error(`Unknown mail template ${intent.template}`);
      }
      const template = MAIL_TEMPLATES[intent.template];
      const user = await tx.user.findUnique({
        where: { id: intent.userId },
        select: {
          email: true,
          status: true,
          language: true,
          profile: { select: { name: true } },
          deletionRequests: {
            where: { cancelledAt: null, purgedAt: null },
            orderBy: { id: 'desc' },
            take: 1,
            select: { purgeAt: true },
          },
        },
      });
      const purgeAt = user?.deletionRequests[0]?.purgeAt;
      const to =
        template.to === 'account'
          ? user?.email
          : template.to === 'new_email'
            ? intent.newEmail
            : intent.recipient;
      if (!user || !to || !this.wanted(intent.template, user.status, purgeAt, now)) {
        await tx.mailIntent.delete({ where: { id: intent.id } });
        return 'skipped' as const;
      }
      let link = `${this.appUrl}${template.path}`;
      let tokenId: number | null = null;
      if (template.token) {
        const { token, tokenHash } = newToken();
        const expiresAt =
          intent.template === 'reactivation' && purgeAt
            ? purgeAt
            : new Date(now.getTime() + template.lifetimeMs);
        const row = await tx.emailToken.create({
          data: {
            userId: intent.userId,
            type: template.token,
            tokenHash,
            expiresAt,
            // a cancel link restores the address the notice went to
            newEmail: template.token === 'email_change_cancel' ? intent.recipient : intent.newEmail,
          },
          select: { id: true },
        });
        tokenId = row.id;
        link += `?token=${encodeURIComponent(token)}`;
      }
      const language = isLanguage(user.language) ? user.language : DEFAULT_LANGUAGE;
      // a name chosen by someone is only put into mails to an address its owner confirmed
      const verified = user.status === 'confirmed' && to === user.email;
      const name = verified ? (user.profile?.name ?? '') : '';
      return {
        intent,
        tokenId,
        mail: { to, language, template: intent.template, link, name, newEmail: intent.newEmail },
      };
    });
    if (prepared === 'gone' || prepared === 'skipped') return prepared;

    const { mail, tokenId, intent } = prepared;
    try {
      await this.mail.send(await this.compose(mail));
    } catch (error) {
      // this attempt's link was never delivered: it must not stay usable
      if (tokenId !== null) {
        await this.prisma.emailToken.updateMany({
          where: { id: tokenId, usedAt: null },
          data: { usedAt: new Date() },
        });
      }
      throw error;
    }
    await this.prisma.mailIntent.deleteMany({ where: { id: intent.id } });
    this.logger.log(`Sent ${mail.template} mail of member ${intent.userId}`);
    return 'sent';
  }

  /** Gives up an intent after its last attempt; it stays (without a job) for the operators. */
  async giveUp(intentId: number, reason: string): Promise<void> {
    const { count } = await this.prisma.mailIntent.updateMany({
      where: { id: intentId, failedAt: null },
      data: { failedAt: new Date() },
    });
    if (count) {
      this.logger.error(
        `MAIL NOT DELIVERED: intent ${intentId} failed after every retry (more than a day): ${reason}`,
      );
    }
  }

  /** Whether the mail still makes sense for the account as it is now. */
  private wanted(template: MailTemplate, status: string, purgeAt: Date | undefined, now: Date) {
    switch (template) {
      case 'activation':
        return status === 'not_confirmed';
      case 'reactivation':
        return status === 'deleted' && purgeAt !== undefined && purgeAt > now;
      case 'reset':
      case 'mail_change':
      case 'login_unlock':
      case 'password_changed':
      case 'moderation_warning':
      case 'data_export':
        return ACTIVE.includes(status);
      case 'mail_change_notice':
      case 'mail_changed':
        return status !== 'purged';
    }
  }

  private async compose(mail: {
    to: string;
    language: Parameters<typeof translate>[0];
    template: MailTemplate;
    link: string;
    name: string;
    newEmail: string | null;
  }) {
    const { name: site } = await this.settings.stored();
    const params = { site, link: mail.link, new_email: mail.newEmail ?? '' };
    const greeting = mail.name
      ? translate(mail.language, 'mail.greeting', { name: mail.name })
      : translate(mail.language, 'mail.greeting_anonymous');
    return {
      to: mail.to,
      subject: translate(mail.language, `mail.${mail.template}_subject`, params),
      text: `${greeting}\n\n${translate(mail.language, `mail.${mail.template}_body`, params)}`,
    };
  }
}
