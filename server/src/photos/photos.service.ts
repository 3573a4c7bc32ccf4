import { Injectable, Logger } from '@nestjs/common';
import type { OwnPhotosResponse, PhotoStatus, PhotoUploadResponse } from '@app/contract';
import { FREE_MAX_PHOTOS, PREMIUM_MAX_PHOTOS } from '@app/contract';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { executeStatement } from '../prisma/sql';
import { lockProfileStatement } from './photos.sql';
import { OwnPhotos, type Viewer } from '../member-access';
import { FileStorage, newPhotoBase, photoFileName, photoFileNames } from '../storage';
import { PhotoScreening } from '../photo-screening';
import { PHOTO_SIZES } from './photo-pipeline';
import { PhotoProcessor } from './photo-processor';

/** Free members may have 3 photos, premium members 25 (SPEC points 5 and 9). */
export function maxPhotos(viewer: NonNullable<Viewer>): number {
  return viewer.paidUser ? PREMIUM_MAX_PHOTOS : FREE_MAX_PHOTOS;
}

/**
 * The member's photos: upload (inspected, re-encoded: photo-pipeline.ts), main photo, delete
 * (their inspection by moderators: inspection/). Reads of photos go through member-access; this service reads
 * only the asking member's own photo count, inside the transaction that adds one.
 */
@Injectable()
export class PhotosService {
  private readonly logger = new Logger('Photos');

  constructor(
    private readonly prisma: PrismaService,
    private readonly ownPhotos: OwnPhotos,
    private readonly storage: FileStorage,
    private readonly screening: PhotoScreening,
    private readonly pipeline: PhotoProcessor,
  ) {}

  async list(viewer: NonNullable<Viewer>): Promise<OwnPhotosResponse> {
    const own = await this.ownPhotos.all(viewer.userId);
    if (!own) throw new AppError('not_found');
    const main = own.photos.find((photo) => photo.id === own.mainPhotoId);
    return {
      photos: this.ownPhotos.present(own.photos, own.mainPhotoId),
      max_photos: maxPhotos(viewer),
      has_main_image: main?.status === 'active',
    };
  }

  /**
   * Stores a new photo under inspection. The limit is checked before the (costly) processing
   * and again, under a lock on the profile, in the transaction that adds the row, so two
   * uploads at once cannot pass it. Whatever fails after the files were written removes them:
   * a refused upload leaves no file and no row.
   */
  async upload(viewer: NonNullable<Viewer>, data: Buffer): Promise<PhotoUploadResponse> {
    const own = await this.ownPhotos.all(viewer.userId);
    if (!own) throw new AppError('not_found');
    const max = maxPhotos(viewer);
    if (own.photos.length >= max)
      throw new AppError('photo_limit_reached', { max, count: max }, 'photo');

    const photo = await this.add(own.profileId, data, max, 'under_inspection');
    // scored by the worker after the answer (pre-screening; the desk orders by it)
    if (photo.screeningId !== null) await this.screening.queueScoring(photo.screeningId);
    const stored = await this.ownPhotos.one(viewer.userId, photo.id);
    return { photo: this.ownPhotos.present([stored!], photo.main ? photo.id : null)[0] };
  }

  /**
   * A chat partner's photo, uploaded by an admin (staff-partners): the same pipeline, active at
   * once (staff made it; the admin's action is audited by the caller).
   */
  async addPartnerPhoto(profileId: number, data: Buffer): Promise<{ id: number; main: boolean }> {
    const { id, main } = await this.add(profileId, data, PREMIUM_MAX_PHOTOS, 'active');
    return { id, main };
  }

  /** Removes a chat partner's photo (row, then files); `next` becomes the main photo. */
  async removePartnerPhoto(
    profileId: number,
    photo: { id: number; filename: string },
    next: number | null,
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.photo.deleteMany({ where: { id: photo.id, profileId } });
      await tx.profile.updateMany({
        where: { id: profileId, mainPhotoId: photo.id },
        data: { mainPhotoId: next },
      });
    });
    await this.removeFiles(photoFileNames(photo.filename));
  }

  /**
   * The pipeline (photo-pipeline.ts), the files, and the row: the limit is checked again under
   * a lock on the profile in the transaction that adds the row, so two uploads at once cannot
   * pass it; whatever fails after the files were written removes them. A photo to inspect gets
   * its screening row (its hash matched against photos rejected for abuse) in that transaction.
   */
  private async add(
    profileId: number,
    data: Buffer,
    max: number,
    status: 'under_inspection' | 'active',
  ): Promise<{ id: number; main: boolean; screeningId: number | null }> {
    const processed = await this.pipeline.process(data);
    const base = newPhotoBase();
    const written: string[] = [];
    try {
      await Promise.all(
        PHOTO_SIZES.map(async (size) => {
          const name = photoFileName(base, size);
          written.push(name);
          await this.storage.put('photos', name, processed.files[size], 'image/webp');
        }),
      );
      return await this.prisma.$transaction(async (tx) => {
        // the row lock on the profile serialises concurrent uploads
        await executeStatement(tx, lockProfileStatement(profileId));
        const count = await tx.photo.count({ where: { profileId } });
        if (count >= max) throw new AppError('photo_limit_reached', { max, count: max }, 'photo');
        const created = await tx.photo.create({
          data: {
            profileId,
            filename: photoFileName(base, 'full'),
            thumbFilename: photoFileName(base, 'thumb'),
            width: processed.width,
            height: processed.height,
            position: count,
            status,
          },
          select: { id: true },
        });
        // the first photo becomes the main photo (shown once it is approved)
        const madeMain = await tx.profile.updateMany({
          where: { id: profileId, mainPhotoId: null },
          data: { mainPhotoId: created.id },
        });
        const screeningId =
          status === 'under_inspection'
            ? await this.screening.record(tx, { photoId: created.id }, processed.hash)
            : null;
        return { id: created.id, main: madeMain.count > 0, screeningId };
      });
    } catch (error) {
      await this.removeFiles(written);
      throw error;
    }
  }

  /** Makes one of the member's photos (not a rejected one) the main photo. */
  async setMain(viewer: NonNullable<Viewer>, photoId: number): Promise<OwnPhotosResponse> {
    const photo = await this.ownPhotos.one(viewer.userId, photoId);
    if (!photo) throw new AppError('not_found', {}, 'photo');
    if (photo.status === 'rejected') throw new AppError('conflict', {}, 'photo');
    await this.prisma.profile.updateMany({
      where: { userId: viewer.userId },
      data: { mainPhotoId: photo.id },
    });
    return this.list(viewer);
  }

  /** Deletes one of the member's photos (row first, then its files); a new main is chosen. */
  async remove(viewer: NonNullable<Viewer>, photoId: number): Promise<OwnPhotosResponse> {
    const photo = await this.ownPhotos.one(viewer.userId, photoId);
    if (!photo) throw new AppError('not_found', {}, 'photo');
    const own = await this.ownPhotos.all(viewer.userId);
    await this.prisma.$transaction(async (tx) => {
      await tx.photo.deleteMany({ where: { id: photo.id } });
      if (own && own.mainPhotoId === photo.id) {
        await tx.profile.updateMany({
          where: { id: own.profileId },
          data: { mainPhotoId: nextMain(own.photos, photo.id) },
        });
      }
    });
    await this.removeFiles(photoFileNames(photo.filename));
    return this.list(viewer);
  }

  private async removeFiles(names: string[]): Promise<void> {
    for (const name of names) {
      try {
        await this.storage.delete('photos', name);
      } catch (error) {
        // the purge and a later delete retry; a leftover file is served to nobody (no row)
        this.logger.warn(`Could not remove photo file ${name}: ${String(error)}`);
      }
    }
  }
}

/** The photo to show instead of `without`: the first active one, else the first not rejected. */
function nextMain(photos: { id: number; status: PhotoStatus }[], without: number): number | null {
  const rest = photos.filter((p) => p.id !== without);
  return (
    rest.find((p) => p.status === 'active')?.id ??
    rest.find((p) => p.status === 'under_inspection')?.id ??
    null
  );
}
