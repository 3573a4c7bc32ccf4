import { Injectable } from '@nestjs/common';
import { DB_INT_MAX, type OperatorReplyResponse } from '@app/contract';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { Correspondents, type Viewer } from '../member-access';
import { checkedText } from './chat-rules';
import { ConversationsService } from './conversations.service';
import { operatorLockStatement, type OperatorLockRow } from './operator-replies.sql';
import { SendsService } from './sends.service';

/**
 * POST /api/operator-reply.php (and the operators' inbox, staff-partners): staff answer in a
 * conversation with a chat pal, as the chat pal (free of credits), with the operator recorded on
 * the message. The reply goes the members' own way from there (SendsService.store): the member
 * gets it live, and the conversation leaves the operator queue.
 */
@Injectable()
export class OperatorRepliesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly correspondents: Correspondents,
    private readonly conversations: ConversationsService,
    private readonly sends: SendsService,
  ) {}

  async reply(
    operator: NonNullable<Viewer>,
    conversationId: number,
    rawText: string,
    key: string,
  ): Promise<OperatorReplyResponse> {
    const settings = await this.conversations.chatSettings();
    const text = checkedText(rawText, settings);
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
    const sent = await this.sends.store(
      { ...palViewer, profileId: pal.profileId, status: 'confirmed', credits: 0 },
      { conversationId: conversation.id, partner: member },
      { type: 'text', body: text, cost: 0 },
      key,
      operator.userId,
    );
    return { message: sent.answer.message };
  }
}
