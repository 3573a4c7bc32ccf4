import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../prisma/prisma.service';
import { MediaSigner, photoFileName } from '../../storage';
import { visibleProfileWhere, type Viewer } from '../visibility';

/** A member's profile as staff see it in a complaint. */
export interface StaffProfile {
  userId: number;
  profileId: number;
  name: string;
  about: string | null;
}

/** A photo as staff see it in a complaint (URL signed `private`: staff and owner only). */
export interface StaffPhoto {
  id: number;
  status: 'under_inspection' | 'active' | 'rejected';
  url: string;
}

/**
 * What staff read when they handle a complaint (complaints feature): the reported profile's
 * "about me" and photo as they are now (purpose `staff`: every account but purged ones). Hiding
 * them is the complaints' own (complaints/hiding.ts).
 */
@Injectable()
export class ModeratedContent {
  constructor(
    private readonly prisma: PrismaService,
    private readonly signer: MediaSigner,
  ) {}

  /** The profiles of these accounts, for staff. */
  async profiles(viewer: Viewer, userIds: readonly number[]): Promise<Map<number, StaffProfile>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.profile.findMany({
      where: { AND: [{ userId: { in: [...userIds] } }, visibleProfileWhere(viewer, 'staff')] },
      select: { id: true, userId: true, name: true, about: true },
    });
    return new Map(
      rows.map((row) => [
        row.userId,
        { userId: row.userId, profileId: row.id, name: row.name, about: row.about },
      ]),
    );
  }

  /** A photo now (null: deleted), with a private URL of its card size. */
  async photo(viewer: Viewer, photoId: number): Promise<StaffPhoto | null> {
    const row = await this.prisma.photo.findFirst({
      where: { id: photoId, profile: visibleProfileWhere(viewer, 'staff') },
      select: { id: true, status: true, filename: true },
    });
    if (!row) return null;
    return { id: row.id, status: row.status, url: this.url(row.filename) };
  }

  /** A private URL of a photo file (its card size), for staff. */
  url(filename: string): string {
    return this.signer.url('photos', photoFileName(filename, 'card'), 'private');
  }
}
