import { Injectable } from '@nestjs/common';
import type { ModerationListResponse, PhotoStatus } from '@app/contract';
import { AppError } from '../../common/app-error';
import { PrismaService } from '../../prisma/prisma.service';
import { PHOTO_SELECT, PhotoPresenter } from '../photo.presenter';
import { isStaff, visibleProfileWhere, type Viewer } from '../visibility';

/** The inspection feature's photo list for moderators (purpose `staff`). */
@Injectable()
export class StaffPhotos {
  constructor(
    private readonly prisma: PrismaService,
    private readonly photos: PhotoPresenter,
  ) {}

  /** Photos in this state, oldest first, up to 100 (staff only; others get 403). */
  async moderationQueue(
    viewer: Viewer,
    status: PhotoStatus = 'under_inspection',
  ): Promise<ModerationListResponse['photos']> {
    if (!isStaff(viewer)) throw new AppError('forbidden');
    const rows = await this.prisma.photo.findMany({
      where: { status, profile: visibleProfileWhere(viewer, 'staff') },
      orderBy: { createdAt: 'asc' },
      take: 100,
      select: { ...PHOTO_SELECT, profile: { select: { id: true, name: true } } },
    });
    return rows.map((row) => {
      const scope = row.status === 'active' ? 'public' : 'private';
      return {
        id: row.id,
        status: row.status,
        profile: row.profile,
        thumb_url: this.photos.url(row.filename, 'thumb', scope),
        full_url: this.photos.url(row.filename, 'full', scope),
        created_at: row.createdAt.toISOString(),
        rejected_reason: row.rejectedReason,
      };
    });
  }
}
