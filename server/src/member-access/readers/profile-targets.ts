import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { PrismaService } from '../../prisma/prisma.service';
import { visibleProfileWhere, type Purpose, type Viewer } from '../visibility';

/**
 * The account behind a profile id that a member acts on, if the visibility rule lets the viewer
 * act on it; else 404 not_found, exactly as if the profile did not exist. Liking and the swipe
 * game ask whether the member is contactable; blocking, unliking and removing a conversation
 * only need the member's page to be one the viewer may open.
 */
@Injectable()
export class ProfileTargets {
  constructor(private readonly prisma: PrismaService) {}

  /** The member of a profile the viewer may contact (like, swipe, message, gift). */
  contactable(viewer: Viewer, profileId: number): Promise<{ userId: number }> {
    return this.target(viewer, profileId, 'contact');
  }

  /** The member of a profile whose page the viewer may open (to block it, say). */
  openable(viewer: Viewer, profileId: number): Promise<{ userId: number }> {
    return this.target(viewer, profileId, 'card');
  }

  private async target(
    viewer: Viewer,
    profileId: number,
    purpose: Purpose,
  ): Promise<{ userId: number }> {
    const row = await this.prisma.profile.findFirst({
      where: { AND: [{ id: profileId }, visibleProfileWhere(viewer, purpose)] },
      select: { userId: true },
    });
    if (!row) throw new AppError('not_found');
    return row;
  }
}
