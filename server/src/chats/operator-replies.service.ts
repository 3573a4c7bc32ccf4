import { Injectable } from '@nestjs/common';
import { DB_INT_MAX, type OperatorReplyResponse } from '@app/contract';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { Correspondents, type Viewer } from '../member-access';
import { ChatPhotos, type ChatPhoto } from './chat-photos';
import { checkedText } from './chat-rules';
import { ConversationsService } from './conversations.service';
import { GiftsService } from './gifts.service';
import { operatorLockStatement, type OperatorLockRow } from './operator-replies.sql';
import { SendsService } from './sends.service';
import type { Content, Recipient, Sender, Sent } from './sending';

/**
 * POST /api/operator-reply.php (and the operators' inbox, staff-partners): staff answer in a
 * conversation with a chat pal, as the chat pal (free of credits), with the operator recorded on
 * the message. The reply goes the members' own way from there (SendsService.store): the member
 * gets it live, and the conversation leaves the operator queue. The console also sends a photo
 * of the chat pal's library and a gift, as the chat pal, the same way (free of credits).
 */
@Injectable()
export class OperatorRepliesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly correspondents: Correspondents,
    private readonly conversations: ConversationsService,
    private readonly sends: SendsService,
    private readonly photos: ChatPhotos,
    private readonly gifts: GiftsService,
  ) {}

  /** A text as the chat pal (POST /api/operator-reply.php and the console's reply). */
  async reply(
    operator: NonNullable<Viewer>,
    conversationId: number,
    rawText: string,
    key: string,
  ): Promise<OperatorReplyResponse> {
    const settings = await this.conversations.chatSettings();
    const text = checkedText(rawText, settings);
    const sent = await this.send(
      operator,
      conversationId,
      { type: 'text', body: text, cost: 0 },
      key,
    );
    return { message: sent.answer.message };
  }

  /**
   * A photo of the chat pal's library as a photo message (staff-partners' library): the files
   * are copied into the chat storage as the message's own (a member's removal or erasure of the
   * message never touches the library), removed again when the send fails or was a repeat.
   * Not pre-screened: staff chose it among the library's photos, which admins put there.
   */
  async replyPhoto(
    operator: NonNullable<Viewer>,
    conversationId: number,
    photo: Pick<ChatPhoto, 'full' | 'thumb' | 'width' | 'height'>,
    key: string,
  ): Promise<OperatorReplyResponse> {
    const target = await this.target(operator, conversationId);
    const image = await this.photos.store(photo);
    let sent: Sent;
    try {
      sent = await this.deliver(operator, target, { type: 'photo', image, cost: 0 }, key);
    } catch (error) {
      await this.photos.remove(image.filename);
      throw error;
    }
    if (sent.replayed) await this.photos.remove(image.filename);
    return { message: sent.answer.message };
  }

  /**
   * A gift of the catalogue on offer, as the chat pal: free (cost 0: no debit, no ledger row;
   * the pal has no credits and the member is charged nothing for a gift they receive).
   */
  async replyGift(
    operator: NonNullable<Viewer>,
    conversationId: number,
    giftId: number,
    key: string,
  ): Promise<OperatorReplyResponse> {
    const gift = await this.gifts.offered(giftId);
    if (!gift) throw new AppError('not_found', {}, 'gift');
    const sent = await this.send(
      operator,
      conversationId,
      { type: 'gift', giftId: gift.id, cost: 0 },
      key,
    );
    return { message: sent.answer.message };
  }

  private async send(
    operator: NonNullable<Viewer>,
    conversationId: number,
    content: Content,
    key: string,
  ): Promise<Sent> {
    return this.deliver(operator, await this.target(operator, conversationId), content, key);
  }

  private deliver(
    operator: NonNullable<Viewer>,
    target: { sender: Sender; to: Recipient },
    content: Content,
    key: string,
  ): Promise<Sent> {
    return this.sends.store(target.sender, target.to, content, key, operator.userId);
  }

  /**
   * The chat pal (as the sender) and the member of a conversation with one, unless another
   * operator holds it (409); 404 for any other conversation.
   */
  private async target(
    operator: NonNullable<Viewer>,
    conversationId: number,
  ): Promise<{ sender: Sender; to: Recipient }> {
    if (conversationId > DB_INT_MAX) throw new AppError('not_found');
    const conversation = await this.prisma.conversation.findUnique({
      where: { id: conversationId },
      select: { id: true, userLowId: true, userHighId: true },
    });
    if (!conversation) throw new AppError('not_found');
    // another operator holds it (the console's lock, staff-partners/inbox.service.ts)
    const [held] = await queryRows<OperatorLockRow>(
      this.prisma,
      operatorLockStatement(conversation.id),
    );
    if (held && held.operator_id !== operator.userId) throw new AppError('conversation_locked');
    const pals = await this.correspondents.fictionalAmong([
      conversation.userLowId,
      conversation.userHighId,
    ]);
    if (pals.size !== 1) throw new AppError('not_found');
    const palId = [...pals][0];
    const memberId =
      palId === conversation.userLowId ? conversation.userHighId : conversation.userLowId;
    const palViewer = { userId: palId, roles: [], paidUser: true };
    const member = await this.correspondents.messageable(palViewer, { userId: memberId });
    const pal = await this.correspondents.messageable(
      { userId: memberId, roles: [], paidUser: true },
      {
        userId: palId,
      },
    );
    return {
      sender: { ...palViewer, profileId: pal.profileId, status: 'confirmed', credits: 0 },
      to: { conversationId: conversation.id, partner: member },
    };
  }
}
