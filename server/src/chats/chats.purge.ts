import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { Purges, type PurgeStep, type StoredFile } from '../purge';
import { chatImageFiles } from './message.presenter';

/**
 * What a member wrote in chats: message texts and chat photos (both files) are erased, the rows
 * stay (the other member's conversation keeps its shape and the credits ledger names them); the
 * member's side of each conversation stays for the other member.
 */
@Injectable()
@Purges()
export class ChatsPurge implements PurgeStep {
  readonly covers = {
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
    return images.flatMap((m) => {
      const name = m.imageFilename as string;
      // a chat photo is two files; a name of another shape (older data) is one
      if (!name.endsWith('-full.webp')) return [{ kind: 'chat' as const, name }];
      const files = chatImageFiles(name);
      return [
        { kind: 'chat' as const, name: files.full },
        { kind: 'chat' as const, name: files.thumb },
      ];
    });
  }

  async purge(tx: Prisma.TransactionClient, userId: number, now: Date): Promise<void> {
    // the chat photos' pre-screening (hash and scores) goes with the photos
    await tx.photoScreening.deleteMany({ where: { message: { senderId: userId } } });
    await tx.message.updateMany({
      where: { senderId: userId },
      data: { body: null, imageFilename: null, contentPurgedAt: now },
    });
  }
}
