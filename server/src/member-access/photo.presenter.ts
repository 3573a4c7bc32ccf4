import { Injectable } from '@nestjs/common';
import type { MainImage, MemberPhoto, OwnPhoto } from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { MediaSigner, photoFileName, type MediaScope, type PhotoFileSize } from '../storage';
import { presentProfileCard, type ProfileCard } from './card.presenter';
import type { ProfileCardRow } from './card.sql';
import { photoAccess, type Viewer } from './visibility';

/** What presenting a photo needs of its row. */
export const PHOTO_SELECT = {
  id: true,
  filename: true,
  status: true,
  width: true,
  height: true,
  rejectedReason: true,
  createdAt: true,
} satisfies Prisma.PhotoSelect;
export type PhotoRow = Prisma.PhotoGetPayload<{ select: typeof PHOTO_SELECT }>;

/** The owner of photos as the photo rule needs them. */
export interface PhotoOwner {
  userId: number;
  privacyMode: boolean;
  /** The owner wrote to the viewer (privacy mode: privacy-partner.sql.ts). */
  isPartner: boolean;
}

/**
 * Photos as a viewer may have them, with signed, expiring URLs (storage/media-signer.ts): the
 * photo rule (`photoAccess`) decides per photo; a locked photo gets only its blurred
 * thumbnail's URL, so the full photo's URL never reaches a viewer who may not see it. URLs of
 * active photos are `public` (served while the photo stays active); the owner's and staff's URLs
 * of photos under inspection or rejected are `private`.
 */
@Injectable()
export class PhotoPresenter {
  constructor(private readonly signer: MediaSigner) {}

  url(filename: string, size: PhotoFileSize, scope: MediaScope = 'public'): string {
    return this.signer.url('photos', photoFileName(filename, size), scope);
  }

  /** A card's main image (null: none active, or not for this viewer at all). */
  mainImage(
    viewer: Viewer,
    owner: PhotoOwner,
    photo: Pick<PhotoRow, 'id' | 'filename' | 'status'> | null,
  ): MainImage {
    if (!photo || photo.status !== 'active') return null;
    const access = photoAccess(viewer, owner, { active: true, main: true });
    if (access === 'none') return null;
    if (access === 'locked') {
      const blurred = this.url(photo.filename, 'locked');
      return {
        id: photo.id,
        filename: blurred,
        thumb_filename: blurred,
        status: 'active',
        match: blurred,
        locked: true,
      };
    }
    const card = this.url(photo.filename, 'card');
    return {
      id: photo.id,
      filename: card,
      thumb_filename: this.url(photo.filename, 'thumb'),
      status: 'active',
      match: card,
      locked: false,
    };
  }

  /**
   * A member's card with its main image as this viewer may have it (`isPartner`: the member wrote
   * to the viewer, privacy-partner.sql.ts).
   */
  card(viewer: Viewer, row: ProfileCardRow, isPartner: boolean, now: Date): ProfileCard {
    const owner = { userId: row.userId, privacyMode: row.privacyMode, isPartner };
    return presentProfileCard(row, this.mainImage(viewer, owner, row.mainPhoto), now);
  }

  /** A gallery: the photos this viewer may have at all, each full or locked. */
  gallery(
    viewer: Viewer,
    owner: PhotoOwner,
    photos: Pick<PhotoRow, 'id' | 'filename' | 'status' | 'width' | 'height'>[],
    mainPhotoId: number | null,
  ): MemberPhoto[] {
    return photos.flatMap((photo): MemberPhoto[] => {
      const main = photo.id === mainPhotoId;
      const access = photoAccess(viewer, owner, { active: photo.status === 'active', main });
      if (access === 'none') return [];
      if (access === 'locked') {
        return [
          { id: photo.id, locked: true, main, thumb_url: this.url(photo.filename, 'locked') },
        ];
      }
      const scope: MediaScope = photo.status === 'active' ? 'public' : 'private';
      return [
        {
          id: photo.id,
          locked: false,
          main,
          thumb_url: this.url(photo.filename, 'thumb', scope),
          card_url: this.url(photo.filename, 'card', scope),
          full_url: this.url(photo.filename, 'full', scope),
          width: photo.width,
          height: photo.height,
        },
      ];
    });
  }

  /** One of the owner's own photos, whatever its state. */
  own(photo: PhotoRow, mainPhotoId: number | null): OwnPhoto {
    const scope: MediaScope = photo.status === 'active' ? 'public' : 'private';
    return {
      id: photo.id,
      status: photo.status,
      main: photo.id === mainPhotoId,
      rejected_reason: photo.status === 'rejected' ? photo.rejectedReason : null,
      thumb_url: this.url(photo.filename, 'thumb', scope),
      card_url: this.url(photo.filename, 'card', scope),
      full_url: this.url(photo.filename, 'full', scope),
      width: photo.width,
      height: photo.height,
      created_at: photo.createdAt.toISOString(),
    };
  }
}
