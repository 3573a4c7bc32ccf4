import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { newToken } from '../common/tokens';
import { memberLanguage, translate } from '../i18n/i18n';
import { PrismaService } from '../prisma/prisma.service';
import { SettingsService } from '../settings';
import { MailService, type OutgoingMail } from './mail.service';
import {
  MAIL_TEMPLATES,
  RETENTION_MAILS,
  isListMail,
  isMailTemplate,
  isNotificationMail,
  isRetentionMail,
  type MailTemplate,
  type MailingList,
} from './mail.templates';
import {
  campaignMailContent,
  retentionContent,
  type CampaignMailParams,
} from './list-mail-content';
import { renderMail } from './mail-layout';
import type { StatementMailParams } from './mail-outbox.service';
import { memberText } from './member-text';
import { isStatementMail, statementMail } from './statement-mail';
import { notificationContent, type NotificationParams } from './notification-content';
import { UNSUBSCRIBE_PATH, UnsubscribeTokens } from './unsubscribe-tokens';

export type Delivery = 'sent' | 'gone' | 'skipped';

type MailParams = NotificationParams | StatementMailParams | CampaignMailParams | null;

/** A campaign as its mails need it. */
interface CampaignOfMail {
  id: number;
  consent: 'promotions' | 'news';
  content: Partial<Record<string, { subject: string; body: string }>>;
}

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
    private readonly unsubscribeTokens: UnsubscribeTokens,
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
      if (intent.userId === null) {
        // a mail without a member: only the acknowledgement of a visitor's notice
        if (intent.template !== 'notice_received' || !intent.recipient) {
          await tx.mailIntent.delete({ where: { id: intent.id } });
          return 'skipped' as const;
        }
        const params = (intent.params ?? {}) as StatementMailParams;
        return {
          intent,
          tokenId: null,
          mail: {
            to: intent.recipient,
            userId: null,
            language: memberLanguage(params.language),
            template: intent.template,
            link: `${this.appUrl}${template.path}`,
            name: '',
            newEmail: null,
            params: intent.params as MailParams,
          },
        };
      }
      const user = await tx.user.findUnique({
        where: { id: intent.userId },
        select: {
          email: true,
          status: true,
          language: true,
          notificationsDisabled: true,
          profile: { select: { name: true } },
          notificationPreferences: { select: { promotions: true, news: true, reminders: true } },
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
      // a campaign's mail: the campaign as it is now (cancelled: nothing more goes)
      const campaignParams =
        intent.template === 'campaign'
          ? ((intent.params ?? {}) as unknown as CampaignMailParams)
          : null;
      const test = campaignParams?.test === true;
      const campaign = campaignParams
        ? await tx.campaign.findUnique({
            where: { id: campaignParams.campaignId },
            select: { id: true, consent: true, content: true, status: true },
          })
        : null;
      const list: MailingList | null = isRetentionMail(intent.template)
        ? RETENTION_MAILS[intent.template]
        : campaign
          ? (campaign.consent as MailingList)
          : null;
      const consented = list === null || (user?.notificationPreferences?.[list] ?? true) || test;
      if (
        !user ||
        !to ||
        !this.wanted(intent.template, user.status, purgeAt, now) ||
        // a bounced, complaining or unsubscribed address gets nothing but account mails
        ((isNotificationMail(intent.template) || (isListMail(intent.template) && !test)) &&
          (user.status !== 'confirmed' || user.notificationsDisabled.length > 0)) ||
        // a mail under a switch goes only while the member has it on
        !consented ||
        (intent.template === 'campaign' &&
          (!campaign || (!test && campaign.status === 'cancelled')))
      ) {
        await tx.mailIntent.delete({ where: { id: intent.id } });
        if (campaign && !test && intent.userId !== null) {
          await tx.campaignRecipient.updateMany({
            where: { campaignId: campaign.id, userId: intent.userId, status: 'queued' },
            data: { status: 'skipped' },
          });
        }
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
      // their stored language when the site offers it, else nl (a test: the language tried)
      const language = memberLanguage(test ? campaignParams?.language : user.language);
      // a name chosen by someone is only put into mails to an address its owner confirmed
      const verified = user.status === 'confirmed' && to === user.email;
      const name = verified ? (user.profile?.name ?? '') : '';
      return {
        intent,
        tokenId,
        mail: {
          to,
          userId: intent.userId,
          language,
          template: intent.template,
          link,
          name,
          newEmail: intent.newEmail,
          params: intent.params as MailParams,
          campaign:
            campaign && list
              ? ({
                  id: campaign.id,
                  consent: campaign.consent,
                  content: campaign.content,
                } as CampaignOfMail)
              : null,
          test,
        },
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
    if (mail.campaign && !mail.test && intent.userId !== null) {
      await this.prisma.campaignRecipient.updateMany({
        where: { campaignId: mail.campaign.id, userId: intent.userId, status: 'queued' },
        data: { status: 'sent', sentAt: new Date() },
      });
    }
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
      case 'statement':
      case 'appeal_decided':
      case 'notice_received':
        return status !== 'purged';
      case 'statement_ban':
        return status === 'banned';
      case 'notify_message':
      case 'notify_conversation':
      case 'notify_like':
      case 'unread_reminder':
      case 'weekly_update':
      case 'timebonus_ending':
      case 'profile_incomplete':
      case 'inactive_14':
      case 'inactive_30':
      case 'campaign':
        return status === 'confirmed';
    }
  }

  private async compose(mail: {
    to: string;
    userId: number | null;
    language: Parameters<typeof translate>[0];
    template: MailTemplate;
    link: string;
    name: string;
    newEmail: string | null;
    params: MailParams;
    campaign?: CampaignOfMail | null;
    test?: boolean;
  }): Promise<OutgoingMail> {
    const { name: site } = await this.settings.stored();
    const greeting = mail.name
      ? translate(mail.language, 'mail.greeting', { name: memberText(mail.name) })
      : translate(mail.language, 'mail.greeting_anonymous');
    if (isStatementMail(mail.template)) {
      const { subject, paragraphs } = await statementMail(
        this.prisma,
        mail.template,
        mail.language,
        (mail.params ?? {}) as StatementMailParams,
        { site, link: mail.link },
      );
      return { to: mail.to, subject, ...(await renderMail({ site, greeting, paragraphs })) };
    }
    if ((isRetentionMail(mail.template) || mail.campaign) && mail.userId !== null) {
      const list: MailingList = mail.campaign
        ? mail.campaign.consent
        : RETENTION_MAILS[mail.template as keyof typeof RETENTION_MAILS];
      const unsubscribe =
        `${this.appUrl}${UNSUBSCRIBE_PATH}?token=${this.unsubscribeTokens.tokenFor(mail.userId)}` +
        `&list=${list}${mail.campaign && !mail.test ? `&campaign=${mail.campaign.id}` : ''}`;
      const urls = { app: this.appUrl, link: mail.link, unsubscribe };
      const { subject, content } = mail.campaign
        ? campaignMailContent(
            mail.campaign.content[mail.language] ?? mail.campaign.content.nl!,
            mail.campaign.consent,
            mail.language,
            urls,
            site,
          )
        : retentionContent(
            mail.template as keyof typeof RETENTION_MAILS,
            mail.language,
            urls,
            site,
          );
      return {
        to: mail.to,
        subject,
        ...(await renderMail({ site, greeting, ...content })),
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          // Mailgun hands these back with its events: a bounce is counted to its campaign
          ...(mail.campaign && !mail.test
            ? { 'X-Mailgun-Variables': JSON.stringify({ campaign_id: mail.campaign.id }) }
            : {}),
        },
      };
    }
    if (isNotificationMail(mail.template) && mail.userId !== null) {
      const unsubscribe = `${this.appUrl}${UNSUBSCRIBE_PATH}?token=${this.unsubscribeTokens.tokenFor(mail.userId)}`;
      const { subject, content } = notificationContent(
        mail.template,
        mail.language,
        (mail.params as NotificationParams | null) ?? { count: 1 },
        { app: this.appUrl, link: mail.link, unsubscribe },
        site,
      );
      return {
        to: mail.to,
        subject,
        ...(await renderMail({ site, greeting, ...content })),
        // RFC 8058: the mail client's own "unsubscribe" posts to this link, no login needed
        headers: {
          'List-Unsubscribe': `<${unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      };
    }
    const params = { site, link: mail.link, new_email: mail.newEmail ?? '' };
    const body = translate(mail.language, `mail.${mail.template}_body`, params);
    return {
      to: mail.to,
      subject: translate(mail.language, `mail.${mail.template}_subject`, params),
      ...(await renderMail({ site, greeting, paragraphs: body.split('\n\n') })),
    };
  }
}
