import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { Purges, type PurgeStep, type StoredFile } from '../member-access';

/**
 * What the member wrote to others (message texts and images) and their deletion requests (reason
 * kept, remarks erased). The chat feature takes its part over when it lands; complaints have
 * their own step (complaints/complaints.purge.ts).
 */
@Injectable()
@Purges()
export class WritingsPurge implements PurgeStep {
  readonly covers = {
    'deletion_requests.user_id': 'anonymise',
    'messages.sender_id': 'anonymise',
    'messages.operator_id': 'keep: staff accounts are not members',
    'conversation_participants.user_id':
      'keep: the other member keeps the conversation; its messages from this member are emptied',
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async files(userId: number): Promise<StoredFile[]> {
    const images = await this.prisma.message.findMany({
      where: { senderId: userId, imageFilename: { not: null } },
      select: { imageFilename: true },
    });
    return images.map((m) => ({ kind: 'chat' as const, name: m.imageFilename as string }));
  }

  async purge(tx: Prisma.TransactionClient, userId: number, now: Date): Promise<void> {
    await tx.message.updateMany({
      where: { senderId: userId },
      data: { body: null, imageFilename: null, contentPurgedAt: now },
    });
    await tx.deletionRequest.updateMany({ where: { userId }, data: { remarks: null } });
  }
}
