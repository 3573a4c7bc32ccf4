import { Injectable, Logger } from '@nestjs/common';
import { PARTNER_LIBRARY_MAX, type LibraryPhoto, type PartnerLibraryResponse } from '@app/contract';
import { AppError } from '../common/app-error';
import { ChatPhotos, type ChatPhoto } from '../chats';
import { ChatPartnerReads, staffViewerOf } from '../member-access';
import { ADVISORY_LOCK, lockStatement } from '../prisma/advisory-locks';
import { PrismaService } from '../prisma/prisma.service';
import { executeStatement } from '../prisma/sql';
import { FileStorage, MediaSigner, newPhotoBase } from '../storage';
import { AuditLog, type StaffPrincipal } from '../staff';

/** A library photo's two files (`<base>-full.webp`, `<base>-thumb.webp`) of the `library` storage. */
export function libraryFiles(filename: string): { full: string; thumb: string } {
  const base = filename.replace(/-full\.webp$/, '');
  return { full: `${base}-full.webp`, thumb: `${base}-thumb.webp` };
}

/** The full-size name of a library file name, or null for any other name. */
export function libraryFileOf(file: string): string | null {
  return /^[A-Za-z0-9_-]{1,60}-(full|thumb)\.webp$/.test(file)
    ? file.replace(/-(full|thumb)\.webp$/, '-full.webp')
    : null;
}

const LIBRARY_SELECT = {
  id: true,
  filename: true,
  width: true,
  height: true,
  createdAt: true,
} as const;

/**
 * A chat partner's photo library (issue 38 item 5): photos admins upload for one partner through
 * the members' photo pipeline (sniffed, size-checked, decoded, re-encoded without metadata:
 * ChatPhotos.process, the chat photos' form: a full size and a preview), kept in the `library`
 * storage and shown to staff only (library-media.controller.ts). Operators send one as a photo
 * message in that partner's conversations, and only that partner's own (operator-tools.service.ts):
 * each send copies the files into the chat storage. Every change writes its audit row.
 */
@Injectable()
export class LibraryService {
  private readonly logger = new Logger('PartnerLibrary');

  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: ChatPartnerReads,
    private readonly photos: ChatPhotos,
    private readonly storage: FileStorage,
    private readonly signer: MediaSigner,
    private readonly audit: AuditLog,
  ) {}

  /** A partner's library (staff: admins through the editor, operators through a conversation). */
  async library(staff: StaffPrincipal, profileId: number): Promise<PartnerLibraryResponse> {
    const { row } = await this.reads.partner(staffViewerOf(staff), profileId);
    const photos = await this.prisma.partnerLibraryPhoto.findMany({
      where: { profileId: row.id },
      orderBy: { id: 'desc' },
      select: LIBRARY_SELECT,
    });
    return {
      partner: { id: row.id, name: row.name, fictional: true },
      photos: photos.map((photo) => this.present(photo)),
      max: PARTNER_LIBRARY_MAX,
    };
  }

  /** Admin: a new library photo through the pipeline (refused beyond PARTNER_LIBRARY_MAX). */
  async add(
    staff: StaffPrincipal,
    profileId: number,
    upload: Buffer,
  ): Promise<PartnerLibraryResponse> {
    await this.reads.partner(staffViewerOf(staff), profileId);
    await this.checkRoom(profileId);
    const processed = await this.photos.process(upload);
    const filename = await this.store(processed);
    try {
      await this.prisma.$transaction(async (tx) => {
        // the partner's library lock serialises two uploads at once around the limit
        await executeStatement(tx, lockStatement(ADVISORY_LOCK.PARTNER_LIBRARY, profileId));
        const count = await tx.partnerLibraryPhoto.count({ where: { profileId } });
        if (count >= PARTNER_LIBRARY_MAX) {
          throw new AppError('photo_limit_reached', { max: PARTNER_LIBRARY_MAX });
        }
        const photo = await tx.partnerLibraryPhoto.create({
          data: {
            profileId,
            filename,
            width: processed.width,
            height: processed.height,
            addedById: staff.userId,
          },
          select: { id: true },
        });
        await this.audit.record(tx, staff, {
          action: 'partner.library_photo_added',
          subjectType: 'partner_library_photo',
          subjectId: photo.id,
          after: { profile: profileId, width: processed.width, height: processed.height },
        });
      });
    } catch (error) {
      await this.removeFiles(filename);
      throw error;
    }
    return this.library(staff, profileId);
  }

  /** Admin: removes a library photo (row, then files); messages sent with it keep their copy. */
  async remove(
    staff: StaffPrincipal,
    profileId: number,
    photoId: number,
  ): Promise<PartnerLibraryResponse> {
    await this.reads.partner(staffViewerOf(staff), profileId);
    const photo = await this.prisma.$transaction(async (tx) => {
      const found = await tx.partnerLibraryPhoto.findFirst({
        where: { id: photoId, profileId },
        select: { id: true, filename: true },
      });
      if (!found) throw new AppError('not_found');
      await tx.partnerLibraryPhoto.delete({ where: { id: found.id } });
      await this.audit.record(tx, staff, {
        action: 'partner.library_photo_removed',
        subjectType: 'partner_library_photo',
        subjectId: found.id,
        before: { profile: profileId },
      });
      return found;
    });
    await this.removeFiles(photo.filename);
    return this.library(staff, profileId);
  }

  /**
   * The files of a photo of this partner's own library, to send as a chat photo; 404 for a photo
   * of another partner's library (or none).
   */
  async ownPhoto(
    profileId: number,
    photoId: number,
  ): Promise<Pick<ChatPhoto, 'full' | 'thumb' | 'width' | 'height'> & { id: number }> {
    const photo = await this.prisma.partnerLibraryPhoto.findFirst({
      where: { id: photoId, profileId },
      select: LIBRARY_SELECT,
    });
    if (!photo) throw new AppError('not_found', {}, 'photo');
    const files = libraryFiles(photo.filename);
    const [full, thumb] = await Promise.all([
      this.storage.get('library', files.full),
      this.storage.get('library', files.thumb),
    ]);
    if (!full || !thumb) throw new AppError('not_found', {}, 'photo');
    return { id: photo.id, full, thumb, width: photo.width, height: photo.height };
  }

  /** Whether a library file exists under this full-size name (the media route's check). */
  async exists(filename: string): Promise<boolean> {
    const found = await this.prisma.partnerLibraryPhoto.findFirst({
      where: { filename },
      select: { id: true },
    });
    return found !== null;
  }

  // ------------------------------------------------------------------ the parts

  private async checkRoom(profileId: number) {
    const count = await this.prisma.partnerLibraryPhoto.count({ where: { profileId } });
    if (count >= PARTNER_LIBRARY_MAX) {
      throw new AppError('photo_limit_reached', { max: PARTNER_LIBRARY_MAX });
    }
  }

  private present(photo: {
    id: number;
    filename: string;
    width: number;
    height: number;
    createdAt: Date;
  }): LibraryPhoto {
    const files = libraryFiles(photo.filename);
    return {
      id: photo.id,
      thumb_url: this.signer.url('library', files.thumb, 'private'),
      full_url: this.signer.url('library', files.full, 'private'),
      width: photo.width,
      height: photo.height,
      created_at: photo.createdAt.toISOString(),
    };
  }

  /** Both files under a new name; when a write fails, what was written goes again. */
  private async store(photo: Pick<ChatPhoto, 'full' | 'thumb'>): Promise<string> {
    const files = libraryFiles(`${newPhotoBase()}-full.webp`);
    try {
      await this.storage.put('library', files.full, photo.full, 'image/webp');
      await this.storage.put('library', files.thumb, photo.thumb, 'image/webp');
    } catch (error) {
      await this.removeFiles(files.full);
      throw error;
    }
    return files.full;
  }

  private async removeFiles(filename: string): Promise<void> {
    const files = libraryFiles(filename);
    for (const name of [files.full, files.thumb]) {
      try {
        await this.storage.delete('library', name);
      } catch (error) {
        this.logger.warn(`Could not remove library file ${name}: ${String(error)}`);
      }
    }
  }
}
