import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { Purges, type PurgeStep, type StoredFile } from '../purge';
import { libraryFiles } from './library.service';

/**
 * The chat partners' photo libraries in an erasure: a staff account that added photos is
 * forgotten on them; an erased account's own profile (a chat partner's) loses its library, rows
 * and files. The photos an operator sent are the messages' own copies (chats' purge step).
 */
@Injectable()
@Purges()
export class LibraryPurge implements PurgeStep {
  readonly covers = {
    'partner_library_photos.added_by_id': 'anonymise',
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async files(userId: number): Promise<StoredFile[]> {
    const rows = await this.prisma.partnerLibraryPhoto.findMany({
      where: { profile: { userId } },
      select: { filename: true },
    });
    return rows.flatMap((row) => {
      const files = libraryFiles(row.filename);
      return [
        { kind: 'library' as const, name: files.full },
        { kind: 'library' as const, name: files.thumb },
      ];
    });
  }

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.partnerLibraryPhoto.deleteMany({ where: { profile: { userId } } });
    await tx.partnerLibraryPhoto.updateMany({
      where: { addedById: userId },
      data: { addedById: null },
    });
  }
}
