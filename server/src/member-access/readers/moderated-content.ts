import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client';
import { PrismaService } from '../../prisma/prisma.service';
import { queryRows } from '../../prisma/sql';
import { MediaSigner, photoFileName } from '../../storage';
import { visibleProfileWhere, type Viewer } from '../visibility';
import {
  lockAboutStatement,
  lockBadgeStatement,
  lockPhotoStatement,
  type LockedAboutRow,
  type LockedBadgeRow,
  type LockedPhotoRow,
} from './moderated-content.sql';

export type { LockedBadgeRow };

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
 * What staff read and take away when they handle a complaint (complaints feature): the
 * reported profile's "about me" and photo as they are now (purpose `staff`: every account but
 * purged ones), and the moderation's hiding of them: the text is emptied (members see no "about
 * me"), the photo rejected (the photo rule shows it to nobody but its owner and staff). What was
 * taken away is returned for the staff-only record.
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

  /**
   * A real member's profile and badge, locked in the transaction withdrawing the badge
   * (verification desk): null for no such profile or a chat pal's.
   */
  async lockBadge(tx: Prisma.TransactionClient, profileId: number): Promise<LockedBadgeRow | null> {
    const [row] = await queryRows<LockedBadgeRow>(tx, lockBadgeStatement(profileId));
    return row ?? null;
  }

  /** Empties the member's "about me"; returns what it said (null: nothing to hide). */
  async hideAbout(tx: Prisma.TransactionClient, userId: number): Promise<string | null> {
    const rows = await queryRows<LockedAboutRow>(tx, lockAboutStatement(userId));
    const about = rows[0]?.about ?? null;
    if (about === null || about.trim() === '') return null;
    await tx.profile.update({ where: { userId }, data: { about: null } });
    return about;
  }

  /** Rejects a photo of the member; returns its file name (null: gone or already rejected). */
  async hidePhoto(
    tx: Prisma.TransactionClient,
    photoId: number,
    staffId: number,
  ): Promise<string | null> {
    const rows = await queryRows<LockedPhotoRow>(tx, lockPhotoStatement(photoId));
    const row = rows[0];
    if (!row || row.status === 'rejected') return null;
    await tx.photo.update({
      where: { id: photoId },
      data: {
        status: 'rejected',
        rejectedReason: 'complaint',
        moderatedById: staffId,
        moderatedAt: new Date(),
      },
    });
    return row.filename;
  }

  /**
   * Shows a rejected photo again (an appeal reversed its rejection): active, and the main photo
   * of a profile that has none. False when it is gone or no longer rejected.
   */
  async restorePhoto(
    tx: Prisma.TransactionClient,
    photoId: number,
    staffId: number,
  ): Promise<boolean> {
    const rows = await queryRows<LockedPhotoRow>(tx, lockPhotoStatement(photoId));
    const row = rows[0];
    if (!row || row.status !== 'rejected') return false;
    await tx.photo.update({
      where: { id: photoId },
      data: {
        status: 'active',
        rejectedReason: null,
        moderatedById: staffId,
        moderatedAt: new Date(),
      },
    });
    await tx.profile.updateMany({
      where: { id: row.profileId, mainPhotoId: null },
      data: { mainPhotoId: photoId },
    });
    return true;
  }
}
