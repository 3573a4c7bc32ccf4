import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { photoFileNames } from '../storage';
import { Purges, type PurgeStep, type StoredFile } from '../purge';

/** The profile and its photos (rows and files). */
@Injectable()
@Purges()
export class ProfilePurge implements PurgeStep {
  readonly covers = {
    'profiles.user_id': 'delete',
    'photos.moderated_by_id': 'keep: staff accounts are not members',
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async files(userId: number): Promise<StoredFile[]> {
    const photos = await this.prisma.photo.findMany({
      where: { profile: { userId } },
      select: { filename: true },
    });
    return photos.flatMap((p) =>
      photoFileNames(p.filename).map((name) => ({ kind: 'photos' as const, name })),
    );
  }

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    // photos go with the profile (ON DELETE CASCADE)
    await tx.profile.deleteMany({ where: { userId } });
  }
}
