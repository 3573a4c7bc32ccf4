import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client';
import { AppError } from '../../common/app-error';
import { PrismaService } from '../../prisma/prisma.service';
import { photoAccess, visibleProfileWhere, type Viewer } from '../visibility';
import { privacyPartnersAmong } from '../privacy-partners';

/** A reported member: their account and the profile fields a complaint's snapshot keeps. */
export interface ReportedMember {
  userId: number;
  profileId: number;
  name: string;
  about: string | null;
}

/** A reported photo of a reported member, as stored. */
export interface ReportedPhoto {
  id: number;
  filename: string;
  thumbFilename: string;
  status: 'under_inspection' | 'active' | 'rejected';
}

const REPORTED_SELECT = {
  id: true,
  userId: true,
  name: true,
  about: true,
  privacyMode: true,
  mainPhotoId: true,
} satisfies Prisma.ProfileSelect;

/**
 * What a complaint may say it is about (complaints feature), read under the visibility rule: a
 * member can be reported only when the reporter may see their card (never oneself), a photo only
 * when it belongs to that member and the reporter is shown it (in full or as a locked
 * thumbnail). Anything else is 404 not_found, exactly as if it did not exist. Staff read the
 * names of the members in complaints (purpose `staff`).
 */
@Injectable()
export class ReportedContent {
  constructor(private readonly prisma: PrismaService) {}

  private async visible(viewer: Viewer, profileId: number) {
    const row = await this.prisma.profile.findFirst({
      where: {
        AND: [
          { id: profileId },
          visibleProfileWhere(viewer, 'card'),
          viewer ? { userId: { not: viewer.userId } } : {},
        ],
      },
      select: REPORTED_SELECT,
    });
    if (!row) throw new AppError('not_found');
    return row;
  }

  /** The member of profile `profileId`, if the viewer (null: a visitor) may report them. */
  async member(viewer: Viewer, profileId: number): Promise<ReportedMember> {
    const row = await this.visible(viewer, profileId);
    return { userId: row.userId, profileId: row.id, name: row.name, about: row.about };
  }

  /** A photo of that member that the viewer is shown; else 404 not_found. */
  async photo(
    viewer: Viewer,
    profileId: number,
    photoId: number,
  ): Promise<{ member: ReportedMember; photo: ReportedPhoto }> {
    const owner = await this.visible(viewer, profileId);
    const photo = await this.prisma.photo.findFirst({
      where: { id: photoId, profileId: owner.id },
      select: { id: true, filename: true, thumbFilename: true, status: true },
    });
    if (!photo) throw new AppError('not_found');
    const partners = owner.privacyMode
      ? await privacyPartnersAmong(this.prisma.pool, viewer, [owner.userId])
      : new Set<number>();
    const isPartner = partners.has(owner.userId);
    const access = photoAccess(
      viewer,
      { userId: owner.userId, privacyMode: owner.privacyMode, isPartner },
      { active: photo.status === 'active', main: owner.mainPhotoId === photo.id },
    );
    if (access === 'none') throw new AppError('not_found');
    return {
      member: { userId: owner.userId, profileId: owner.id, name: owner.name, about: owner.about },
      photo,
    };
  }

  /** For staff: the profile (id, name) of each of these accounts that still has one. */
  async staffNames(
    viewer: Viewer,
    userIds: readonly number[],
  ): Promise<Map<number, { profileId: number; name: string }>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.profile.findMany({
      where: { AND: [{ userId: { in: [...userIds] } }, visibleProfileWhere(viewer, 'staff')] },
      select: { id: true, userId: true, name: true },
    });
    return new Map(rows.map((row) => [row.userId, { profileId: row.id, name: row.name }]));
  }
}
