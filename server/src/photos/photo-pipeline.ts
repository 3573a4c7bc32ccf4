import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { fileTypeFromBuffer } from 'file-type';
import { PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, PHOTO_MIN_SIDE, PHOTO_TYPES } from '@app/contract';
import { AppError } from '../common/app-error';
import { differenceHash } from '../common/photo-hash';

/** The sizes every photo is stored in (all WebP, metadata stripped). */
export const PHOTO_SIZES = ['full', 'card', 'thumb', 'locked'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

export interface ProcessedPhoto {
  files: Record<PhotoSize, Buffer>;
  /** Of the full size, after orientation. */
  width: number;
  height: number;
  /** The perceptual hash of the oriented pixels (common/photo-hash.ts): the abuse hash match. */
  hash: bigint;
}

type PhotoMime = (typeof PHOTO_TYPES)[number];

const FULL_MAX_SIDE = 1600;
const CARD = { width: 480, height: 600 };
const THUMB_SIDE = 160;

/** sharp may not decode what we have not checked: a bomb is refused before it is decoded. */
const DECODE_OPTIONS = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'warning' as const };

/**
 * Turns an upload into the stored sizes (SPEC point 5; issue "profiles and photos"):
 * 1. the type is sniffed from the bytes (file-type), never taken from the name or the client's
 *    Content-Type: JPEG, PNG, WebP, HEIC and AVIF only (an SVG, a PDF, a text file: refused);
 * 2. the declared dimensions are read from the header and checked before decoding
 *    (PHOTO_MAX_PIXELS: no decompression bombs; PHOTO_MIN_SIDE: no icons);
 * 3. decoded strictly (a truncated or damaged file is refused), oriented by its EXIF
 *    orientation, and re-encoded: the output carries no metadata at all (EXIF, GPS, XMP, ICC
 *    profiles converted to sRGB); the original bytes are never stored;
 * 4. four sizes: full (at most 1600 px), card (480x600), thumb (160x160) and locked (a blurred
 *    thumbnail made from a 16 px version, which cannot be sharpened back);
 * 5. a perceptual hash of the pixels (common/photo-hash.ts: the abuse hash match).
 */
export async function processPhoto(upload: Buffer): Promise<ProcessedPhoto> {
  if (upload.length > PHOTO_MAX_BYTES) {
    throw new AppError('photo_too_large', { max_mb: PHOTO_MAX_BYTES / 1024 / 1024 });
  }
  const type = await fileTypeFromBuffer(upload);
  const mime = type?.mime as PhotoMime | undefined;
  if (!mime || !(PHOTO_TYPES as readonly string[]).includes(mime)) {
    throw new AppError('photo_type_unsupported');
  }
  const source = mime === 'image/heic' ? await decodeHeic(upload) : sharp(upload, DECODE_OPTIONS);

  let meta: Metadata;
  try {
    // the header only (nothing is decoded), read without the pixel limit to report it plainly
    meta =
      mime === 'image/heic'
        ? await source.metadata()
        : await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('photo_unreadable');
  }
  const { width = 0, height = 0 } = meta;
  if (width * height > PHOTO_MAX_PIXELS || width > 20_000 || height > 20_000) {
    throw new AppError('photo_too_many_pixels', { max_mp: PHOTO_MAX_PIXELS / 1_000_000 });
  }
  if (Math.min(width, height) < PHOTO_MIN_SIDE) {
    throw new AppError('photo_too_small', { min: PHOTO_MIN_SIDE, count: PHOTO_MIN_SIDE });
  }

  let oriented: { data: Buffer; info: OutputInfo };
  try {
    // decoded once, oriented, in sRGB; every size is made from these pixels
    oriented = await source
      .clone()
      .rotate()
      .toColourspace('srgb')
      .resize(FULL_MAX_SIDE, FULL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('photo_unreadable');
  }
  const { info } = oriented;
  const pixels = () =>
    sharp(oriented.data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    });
  const [full, card, thumb, locked, hash] = await Promise.all([
    pixels().webp({ quality: 82 }).toBuffer(),
    pixels()
      .resize(CARD.width, CARD.height, { fit: 'cover', position: 'attention' })
      .webp({ quality: 80 })
      .toBuffer(),
    pixels()
      .resize(THUMB_SIDE, THUMB_SIDE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 78 })
      .toBuffer(),
    pixels()
      .resize(16, 16, { fit: 'cover' })
      .resize(THUMB_SIDE, THUMB_SIDE, { kernel: 'cubic' })
      .blur(8)
      .webp({ quality: 60 })
      .toBuffer(),
    differenceHash(pixels()),
  ]);
  return { files: { full, card, thumb, locked }, width: info.width, height: info.height, hash };
}

/**
 * HEIC (iPhone photos): sharp's prebuilt libvips decodes AVIF but not HEVC, so HEIC is decoded
 * by libheif compiled to WebAssembly (heic-decode), after its declared size has been checked.
 */
async function decodeHeic(upload: Buffer): Promise<Sharp> {
  const { all } = await import('heic-decode');
  let images;
  try {
    images = await all({ buffer: upload });
  } catch {
    throw new AppError('photo_unreadable');
  }
  let decoded: { width: number; height: number; data: Uint8ClampedArray };
  try {
    const first = images[0];
    if (!first) throw new AppError('photo_unreadable');
    if (first.width * first.height > PHOTO_MAX_PIXELS) {
      throw new AppError('photo_too_many_pixels', { max_mp: PHOTO_MAX_PIXELS / 1_000_000 });
    }
    decoded = await first.decode();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('photo_unreadable');
  } finally {
    images.dispose();
  }
  return sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.length), {
    raw: { width: decoded.width, height: decoded.height, channels: 4 },
    limitInputPixels: PHOTO_MAX_PIXELS,
  });
}
