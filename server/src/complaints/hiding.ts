import type { Prisma } from '../generated/prisma/client';
import { queryRows } from '../prisma/sql';
import {
  lockAboutStatement,
  lockPhotoStatement,
  type LockedAboutRow,
  type LockedPhotoRow,
} from './hiding.sql';

/*
 * The moderation's hiding of what a complaint reported, in the handling transaction: the text is
 * emptied (members see no "about me"), the photo rejected (the photo rule shows it to nobody but
 * its owner and staff); what was taken away is returned for the staff-only record. And the
 * reverse, for an appeal that undoes a photo's rejection (statements' Reversals).
 */

/** Empties the member's "about me"; returns what it said (null: nothing to hide). */
export async function hideAbout(tx: Prisma.TransactionClient, userId: number) {
  const rows = await queryRows<LockedAboutRow>(tx, lockAboutStatement(userId));
  const about = rows[0]?.about ?? null;
  if (about === null || about.trim() === '') return null;
  await tx.profile.update({ where: { userId }, data: { about: null } });
  return about;
}

/** Rejects a photo of the member; returns its file name (null: gone or already rejected). */
export async function hidePhoto(
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
export async function restorePhoto(
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
