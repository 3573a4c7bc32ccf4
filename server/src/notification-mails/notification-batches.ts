import { Injectable } from '@nestjs/common';
import { MailOutbox, type NotificationMail, type NotificationParams } from '../mail';
import { NotificationReads } from '../member-access';
import { Recipients } from '../notifications';
import { PrismaService } from '../prisma/prisma.service';
import { SettingsService, seesWho } from '../settings';
import { utcTimestamp } from '../prisma/pg-types';
import { queryRows } from '../prisma/sql';
import { wantsMail, type MailBatch } from './mail-channel';
import { unreadSinceStatement, type UnreadSinceRow } from './notification-mails.sql';

/** Senders or likers named in a mail at most (the rest are "and N others"). */
const NAMED = 3;
/**
 * The event is written just after its change's commit: what the batch counts starts this much
 * before the first event's time, so the message or like that caused it is in.
 */
const SLACK_MS = 2_000;

const TEMPLATE: Record<Exclude<MailBatch['kind'], 'visit'>, NotificationMail> = {
  message: 'notify_message',
  conversation: 'notify_conversation',
  like: 'notify_like',
};

/** What is still unread of a batch: per actor, and the conversations it is in. */
interface Pending {
  count: number;
  actors: number[];
  conversations: number[];
}

/**
 * The end of a quiet period: one mail says how many messages, new conversations or likes came
 * since the first event and are still unread, if the member still wants the mail then. Nothing
 * when they have read them meanwhile, came online, or turned the mail off.
 */
@Injectable()
export class NotificationBatches {
  constructor(
    private readonly prisma: PrismaService,
    private readonly recipients: Recipients,
    private readonly reads: NotificationReads,
    private readonly outbox: MailOutbox,
    private readonly settings: SettingsService,
  ) {}

  async send(batch: MailBatch): Promise<'sent' | 'unwanted' | 'read'> {
    const recipient = await this.recipients.find(batch.recipientId);
    // a visit is never mailed (wantsMail); the check narrows the kind for the templates
    if (!recipient || batch.kind === 'visit' || !wantsMail(recipient, batch.kind)) {
      return 'unwanted';
    }
    const since = new Date(new Date(batch.since).getTime() - SLACK_MS);
    const pending =
      batch.kind === 'like'
        ? await this.newLikes(batch.recipientId, since)
        : await this.unreadMessages(batch.recipientId, since, batch.kind === 'conversation');
    if (pending.count === 0) return 'read';
    // who liked is premium's (free_members_see_likes): a free member's mail names no liker
    const hidden =
      batch.kind === 'like' && !seesWho('likes', recipient, await this.settings.stored());
    const names = hidden
      ? new Map<number, string>()
      : await this.reads.names(batch.recipientId, pending.actors);
    const named = pending.actors.flatMap((id) => names.get(id) ?? []).slice(0, NAMED);
    const params: NotificationParams = {
      count: pending.count,
      names: named,
      others: Math.max(0, pending.actors.length - named.length),
      ...(pending.conversations.length === 1 ? { conversationId: pending.conversations[0] } : {}),
    };
    await this.outbox.send({ userId: batch.recipientId, template: TEMPLATE[batch.kind], params });
    return 'sent';
  }

  /**
   * Unread messages to the member since `since` (not held, not hidden, not removed by them):
   * `fresh` counts the conversations begun since then, otherwise the messages of older ones.
   */
  private async unreadMessages(userId: number, since: Date, fresh: boolean): Promise<Pending> {
    const rows = await queryRows<UnreadSinceRow>(
      this.prisma,
      unreadSinceStatement(userId, utcTimestamp(since), fresh),
    );
    const conversations = [...new Set(rows.map((r) => r.conversationId))];
    return {
      count: fresh ? conversations.length : rows.reduce((sum, r) => sum + r.count, 0),
      actors: [...new Set(rows.map((r) => r.senderId))],
      conversations,
    };
  }

  /** Likes since `since` the member has not looked at yet. */
  private async newLikes(userId: number, since: Date): Promise<Pending> {
    const likes = await this.prisma.like.findMany({
      where: { likedId: userId, isNew: true, createdAt: { gte: since } },
      orderBy: { createdAt: 'asc' },
      select: { likerId: true },
    });
    return { count: likes.length, actors: likes.map((l) => l.likerId), conversations: [] };
  }
}
