import { Injectable } from '@nestjs/common';
import { DB_INT_MAX, type OperatorReplyResponse } from '@app/contract';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { Correspondents } from '../member-access';
import { ChatPhotos, type ChatPhoto } from './chat-photos';
import { checkedText } from './chat-rules';
import { ConversationsService } from './conversations.service';
import { GiftsService } from './gifts.service';
import { SendsService } from './sends.service';
import type { Content, OperatorTurn, Recipient, Sender, Sent } from './sending';

/**
 * The operators' sends as the chat pal (staff-partners: the inbox's reply, its photo and gift,
 * and the spec's operator-reply.php over the inbox): free of credits, the operator recorded on
 * the message. staff-partners checks the operator's hold first and hands over an OperatorTurn
 * (chats never reads the console's locks); the send goes the members' own way from there
 * (SendsService.store), with the turn's audit row in the message's transaction: the member gets
 * it live, and the conversation leaves the operator queue.
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

  /** A text as the chat pal (the console's reply and POST /api/operator-reply.php). */
  async reply(turn: OperatorTurn, rawText: string, key: string): Promise<OperatorReplyResponse> {
    const settings = await this.conversations.chatSettings();
    const text = checkedText(rawText, settings);
    const sent = await this.send(turn, { type: 'text', body: text, cost: 0 }, key);
    return { message: sent.answer.message };
  }

  /**
   * A photo of the chat pal's library as a photo message (staff-partners' library): the files
   * are copied into the chat storage as the message's own (a member's removal or erasure of the
   * message never touches the library), removed again when the send fails or was a repeat.
   * Not pre-screened: staff chose it among the library's photos, which admins put there.
   */
  async replyPhoto(
    turn: OperatorTurn,
    photo: Pick<ChatPhoto, 'full' | 'thumb' | 'width' | 'height'>,
    key: string,
  ): Promise<OperatorReplyResponse> {
    const target = await this.target(turn.conversationId);
    const image = await this.photos.store(photo);
    let sent: Sent;
    try {
      sent = await this.deliver(turn, target, { type: 'photo', image, cost: 0 }, key);
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
  async replyGift(turn: OperatorTurn, giftId: number, key: string): Promise<OperatorReplyResponse> {
    const gift = await this.gifts.offered(giftId);
    if (!gift) throw new AppError('not_found', {}, 'gift');
    const sent = await this.send(turn, { type: 'gift', giftId: gift.id, cost: 0 }, key);
    return { message: sent.answer.message };
  }

  private async send(turn: OperatorTurn, content: Content, key: string): Promise<Sent> {
    return this.deliver(turn, await this.target(turn.conversationId), content, key);
  }

  private deliver(
    turn: OperatorTurn,
    target: { sender: Sender; to: Recipient },
    content: Content,
    key: string,
  ): Promise<Sent> {
    return this.sends.store(target.sender, target.to, content, key, turn);
  }

  /** The chat pal (as the sender) and the member of a conversation with one; else 404. */
  private async target(conversationId: number): Promise<{ sender: Sender; to: Recipient }> {
    if (conversationId > DB_INT_MAX) throw new AppError('not_found');
    const conversation = await this.prisma.conversation.findUnique({
      where: { id: conversationId },
      select: { id: true, userLowId: true, userHighId: true },
    });
    if (!conversation) throw new AppError('not_found');
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
