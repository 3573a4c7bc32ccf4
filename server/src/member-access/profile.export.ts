import { Injectable } from '@nestjs/common';
import { Exports, STAFF_WORK, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/**
 * The member's own profile (profile.json) with its texts under review, and their photos
 * (photos.json, the files in photos/). Read here because only member-access reads profiles and
 * photos (boundary.spec.ts); it is the member's own row, never another member's.
 */
@Injectable()
@Exports()
export class ProfileExport implements ExportStep {
  readonly covers = {
    // profile and photos (photos point at the profile; the files are in photos/)
    'profiles.user_id': 'file: profile.json',
    'photos.moderated_by_id': STAFF_WORK,
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    const profile = await this.prisma.profile.findUnique({
      where: { userId },
      include: {
        interests: { select: { interest: true } },
        country: true,
        region: true,
        city: true,
        // texts waiting for (or after) review, without the staff who handled them
        textReviews: {
          select: {
            field: true,
            previous: true,
            text: true,
            status: true,
            reason: true,
            createdAt: true,
            decidedAt: true,
          },
        },
      },
    });
    const photos = profile
      ? await this.prisma.photo.findMany({
          where: { profileId: profile.id },
          orderBy: { position: 'asc' },
          select: {
            id: true,
            filename: true,
            status: true,
            width: true,
            height: true,
            position: true,
            rejectedReason: true,
            createdAt: true,
          },
        })
      : [];
    return {
      json: {
        'profile.json': profile,
        'photos.json': photos.map((p) => ({ ...p, file: `photos/${p.filename}` })),
      },
      files: photos.map((p) => ({
        kind: 'photos' as const,
        name: p.filename,
        path: `photos/${p.filename}`,
      })),
    };
  }
}
