import { Injectable } from '@nestjs/common';
import type { OwnPhoto } from '@app/contract';
import { PrismaService } from '../../prisma/prisma.service';
import { PHOTO_SELECT, PhotoPresenter, type PhotoRow } from '../photo.presenter';

/** The photos feature's reads: the member's own photos, in every state, with private URLs. */
@Injectable()
export class OwnPhotos {
  constructor(
    private readonly prisma: PrismaService,
    private readonly photos: PhotoPresenter,
  ) {}

  /** The member's own photos, in their order, with the main photo's id (null: no profile). */
  async all(userId: number): Promise<{
    profileId: number;
    mainPhotoId: number | null;
    photos: PhotoRow[];
  } | null> {
    const row = await this.prisma.profile.findUnique({
      where: { userId },
      select: {
        id: true,
        mainPhotoId: true,
        photos: { orderBy: [{ position: 'asc' }, { id: 'asc' }], select: PHOTO_SELECT },
      },
    });
    return row && { profileId: row.id, mainPhotoId: row.mainPhotoId, photos: row.photos };
  }

  /** One of the member's own photos (null when it is not theirs). */
  one(userId: number, photoId: number): Promise<PhotoRow | null> {
    return this.prisma.photo.findFirst({
      where: { id: photoId, profile: { userId } },
      select: PHOTO_SELECT,
    });
  }

  /** The member's own photos with their presented URLs (GET /api/photos.php). */
  present(photos: PhotoRow[], mainPhotoId: number | null): OwnPhoto[] {
    return photos.map((photo) => this.photos.own(photo, mainPhotoId));
  }
}
