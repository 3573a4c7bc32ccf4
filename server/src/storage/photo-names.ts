import { randomBytes } from 'node:crypto';

/** The stored sizes of a photo (all WebP): see photos/photo-pipeline.ts. */
export const PHOTO_FILE_SIZES = ['full', 'card', 'thumb', 'locked'] as const;
export type PhotoFileSize = (typeof PHOTO_FILE_SIZES)[number];

/**
 * A photo's files are `<base>-<size>.webp` with a random base (144 bits); the `photos` row keeps
 * the full size's name (`filename`) and the thumbnail's (`thumb_filename`).
 */
export function newPhotoBase(): string {
  return randomBytes(18).toString('base64url');
}

export function photoFileName(baseOrFilename: string, size: PhotoFileSize): string {
  const base = baseOrFilename.replace(/-(full|card|thumb|locked)\.webp$/, '');
  return `${base}-${size}.webp`;
}

/** Every stored file of the photo whose full-size file is `filename`. */
export function photoFileNames(filename: string): string[] {
  return PHOTO_FILE_SIZES.map((size) => photoFileName(filename, size));
}

/** The full-size file name of any of a photo's file names, or null for another name. */
export function photoFilenameOf(file: string): string | null {
  return /^[A-Za-z0-9_-]{1,60}-(full|card|thumb|locked)\.webp$/.test(file)
    ? photoFileName(file, 'full')
    : null;
}
