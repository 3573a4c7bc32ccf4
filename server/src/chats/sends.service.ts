import { Injectable } from '@nestjs/common';
import {
  scamScore,
  scanMessage,
  type SendMessageRequest,
  type SendMessageResponse,
  type SendPhotoFields,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { Correspondents } from '../member-access';
import { PhotoScreening } from '../photo-screening';
import { Realtime } from '../realtime';
import { ChatPhotos } from './chat-photos';
import { checkedText, oneTarget, pair } from './chat-rules';
import { ConversationsService } from './conversations.service';
import { GiftsService } from './gifts.service';
import { MessageDelivery } from './message-delivery';
import { MessagePresenter } from './message.presenter';
import { MessageWriter } from './message-writer';
import type { Content, OperatorTurn, Recipient, Sender, Sent } from './sending';

/**
 * Sending (SPEC points 2-4, 6): text, photo and gift messages to a member the `contact` rule
 * allows. Each send is the same steps, in this order: the price (the settings' credits, a
 * gift's), the partner (authorised, else 404), the store (MessageWriter: the message and its
 * payment in one transaction, once per Idempotency-Key) and the delivery (each member's tabs as
 * they see it: MessageDelivery). A member whose e-mail is not confirmed pays and writes, but the
 * message is held until activation releases it (HeldMessagesService). Messages to a chat pal
 * wait in the operator queue; an operator's reply (OperatorRepliesService) is sent as the chat
 * pal, free of credits.
 */
@Injectable()
export class SendsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly correspondents: Correspondents,
    private readonly conversations: ConversationsService,
    private readonly gifts: GiftsService,
    private readonly photos: ChatPhotos,
    private readonly writer: MessageWriter,
    private readonly messages: MessagePresenter,
    private readonly delivery: MessageDelivery,
    private readonly realtime: Realtime,
    private readonly screening: PhotoScreening,
  ) {}

  /** POST /api/message.php: a text or a gift. */
  async send(sender: Sender, input: SendMessageRequest, key: string): Promise<Sent> {
    const target = oneTarget(input);
    const settings = await this.conversations.chatSettings();
    let content: Content;
    if (input.type === 'text') {
      content = {
        type: 'text',
        body: checkedText(input.text, settings),
        cost: settings.messageCredits,
      };
    } else {
      const gift = await this.gifts.offered(input.gift);
      if (!gift) throw new AppError('not_found', {}, 'gift');
      content = { type: 'gift', giftId: gift.id, cost: gift.credits };
    }
    const to = await this.authorise(sender, target);
    return this.store(sender, to, content, key);
  }

  /**
   * POST /api/message-photo.php: the partner and the balance are checked before the costly
   * processing (ChatPhotos); whatever fails after the files were written removes them, and so
   * does a racing request with the same key that stored its photo first. A stored photo is
   * pre-screened (photo-screening/).
   */
  async sendPhoto(
    sender: Sender,
    fields: SendPhotoFields,
    upload: Buffer,
    key: string,
  ): Promise<SendMessageResponse> {
    const target = oneTarget(fields);
    const settings = await this.conversations.chatSettings();
    const cost = settings.photoCredits;
    if (sender.credits < cost) throw new AppError('insufficient_credits');
    const to = await this.authorise(sender, target);
    const processed = await this.photos.process(upload);
    const image = await this.photos.store(processed);
    let sent: Sent;
    try {
      sent = await this.store(sender, to, { type: 'photo', image, cost }, key);
    } catch (error) {
      await this.photos.remove(image.filename);
      throw error;
    }
    if (sent.replayed) await this.photos.remove(image.filename);
    // scored by the worker after the answer (pre-screening), its hash matched at once
    else await this.screening.screenChatPhoto(sent.answer.message.id, processed.hash);
    return sent.answer;
  }

  /**
   * The common end of every send, the operator's reply included: stored and paid (or, for a
   * repeated key, the stored message), then delivered to both members' tabs, the operators'
   * inbox and the sender's balance. An operator's send (`turn`) writes the console's audit row
   * in the message's transaction.
   */
  async store(
    sender: Sender,
    to: Recipient,
    content: Content,
    key: string,
    turn?: OperatorTurn,
  ): Promise<Sent> {
    const { partner } = to;
    const held = sender.status === 'not_confirmed';
    const operatorId = turn?.operatorId;
    const scam = scanOf(content, partner.fictional, operatorId);
    const { row, credits, replayed } = await this.writer.write(
      sender,
      to,
      content,
      { held, key, operatorId, scam },
      turn && ((tx, stored) => turn.inTransaction(tx, stored)),
    );
    if (scam && !replayed)
      this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'scams' });
    const seen = this.messages.presentToBoth(row, sender, partner, await this.gifts.all());
    // a repeat answers as the first answer did (the balance as it is now) and delivers nothing
    if (replayed) return { answer: { message: seen.own, credits }, replayed: true };
    const kind = to.conversationId === null ? 'conversation' : 'message';
    this.delivery.deliver(row, sender.userId, partner.userId, seen, kind);
    // the operators' inbox: a member's message to a chat partner waits, a reply answers it
    if ((partner.fictional && !held) || operatorId) {
      this.realtime.toStaff(['operator'], 'queue:changed', { queue: 'inbox' });
    }
    if (content.cost > 0) this.realtime.toMember(sender.userId, 'credits:changed', { credits });
    return { answer: { message: seen.own, credits }, replayed: false };
  }

  /** The conversation (if any) and the partner the sender may message; else 404. */
  private async authorise(
    sender: Sender,
    target: { conversation: number } | { member: number },
  ): Promise<Recipient> {
    if ('conversation' in target) {
      const partner = await this.correspondents.messageableIn(sender, target.conversation);
      return { conversationId: target.conversation, partner };
    }
    const partner = await this.correspondents.messageable(sender, { profileId: target.member });
    const found = await this.prisma.conversation.findUnique({
      where: { userLowId_userHighId: pair(sender.userId, partner.userId) },
      select: { id: true },
    });
    return { conversationId: found?.id ?? null, partner };
  }
}

/**
 * The scan of a member-to-member text (contract message-scan.ts), or null when it found nothing
 * or does not apply: a message to a chat pal reaches only the staff who answer it (they read it
 * anyway, and there is no member to warn), and an operator's reply is staff's own writing.
 */
function scanOf(
  content: Content,
  toFictional: boolean,
  operatorId: number | undefined,
): { categories: ReturnType<typeof scanMessage>; score: number } | null {
  if (content.type !== 'text' || toFictional || operatorId !== undefined) return null;
  const categories = scanMessage(content.body);
  return categories.length > 0 ? { categories, score: scamScore(categories) } : null;
}
