import { Injectable } from '@nestjs/common';
import { Exports, STAFF_WORK, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/**
 * The member's conversations (conversations.json): every message they sent, and the ones they
 * received as they got them; their chat photos go in chat-photos/.
 */
@Injectable()
@Exports()
export class ChatsExport implements ExportStep {
  readonly covers = {
    'conversation_participants.user_id': 'file: conversations.json',
    'messages.sender_id': 'file: conversations.json',
    'messages.operator_id': STAFF_WORK,
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    const participations = await this.prisma.conversationParticipant.findMany({
      where: { userId },
      include: {
        conversation: {
          include: {
            participants: { select: { userId: true } },
            messages: {
              orderBy: { seq: 'asc' },
              select: {
                id: true,
                senderId: true,
                type: true,
                body: true,
                imageFilename: true,
                giftId: true,
                creditsCost: true,
                createdAt: true,
                hiddenAt: true,
                held: true,
              },
            },
          },
        },
      },
    });
    const conversations = participations.map(({ conversation, ...mine }) => ({
      id: conversation.id,
      with_member_id: conversation.participants.find((p) => p.userId !== userId)?.userId ?? null,
      started_by_me: conversation.initiatorId === userId,
      created_at: conversation.createdAt,
      removed_at: mine.removedAt,
      messages: conversation.messages
        // what the member never got (held back, or hidden by staff) is not theirs to see now
        .filter((m) => m.senderId === userId || (m.hiddenAt === null && !m.held))
        .map(({ senderId, hiddenAt, held: _held, imageFilename, ...m }) => ({
          ...m,
          from: senderId === userId ? 'me' : 'them',
          hidden_at: senderId === userId ? hiddenAt : undefined,
          photo: imageFilename && senderId === userId ? `chat-photos/${imageFilename}` : undefined,
        })),
    }));
    const chatPhotos = participations.flatMap((p) =>
      p.conversation.messages
        .filter((m) => m.senderId === userId && m.imageFilename)
        .map((m) => m.imageFilename as string),
    );
    return {
      json: { 'conversations.json': conversations },
      files: chatPhotos.map((name) => ({
        kind: 'chat' as const,
        name,
        path: `chat-photos/${name}`,
      })),
    };
  }
}
