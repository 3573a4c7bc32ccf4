/**
 * A conversation between two members, as the seed library writes it for integration tests:
 * the pair (lower user id first), the initiator, both participants and, optionally, messages.
 * A member's sends go through the server's message writer (seq, credits, delivery): use the
 * HTTP helpers for those; this is for state a test sets up around them.
 *
 * Like member.ts, no relative runtime imports: jest (CommonJS) loads it directly.
 */
import type { Prisma, PrismaClient } from '../../server/src/generated/prisma/client.ts';

/** A stored message; the sender is the initiator unless given. */
export type SeedMessage = Omit<
  Prisma.MessageUncheckedCreateInput,
  'conversationId' | 'senderId'
> & {
  senderId?: number;
};

export async function seedConversation(
  prisma: PrismaClient,
  initiatorId: number,
  otherId: number,
  { messages = [] }: { messages?: SeedMessage[] } = {},
) {
  const conversation = await prisma.conversation.create({
    data: {
      userLowId: Math.min(initiatorId, otherId),
      userHighId: Math.max(initiatorId, otherId),
      initiatorId,
      participants: { create: [{ userId: initiatorId }, { userId: otherId }] },
    },
  });
  const stored = [];
  for (const message of messages) {
    stored.push(
      await prisma.message.create({
        data: { senderId: initiatorId, ...message, conversationId: conversation.id },
      }),
    );
  }
  return { conversation, messages: stored };
}
