/**
 * Demo photos: illustrated avatars (DiceBear "Lorelei", CC0), never photos of real people,
 * rendered to a raster with sharp and stored through the same pipeline and storage as an
 * upload (four WebP sizes, no metadata), already approved. Deterministic per seed text.
 */
import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';
import sharp from 'sharp';
import type { HairColor, PrismaClient } from '../../server/src/generated/prisma/client.ts';
import { processPhoto, PHOTO_SIZES } from '../../server/src/photos/seeding.js';
import {
  createFileStorage,
  newPhotoBase,
  photoFileName,
  type FileStorage,
} from '../../server/src/storage/seeding.js';

const BACKGROUNDS = [
  ['f8d7e3', 'fbe7c6'],
  ['d9e8fb', 'e8dcf7'],
  ['e4f5e1', 'd9f0f2'],
  ['fde2d6', 'f8d7e3'],
  ['e8dcf7', 'd9e8fb'],
  ['fff1c9', 'e4f5e1'],
];
const HAIR: Partial<Record<HairColor, string>> = {
  blond: 'e2b755',
  dark_blond: 'b08a4a',
  brown: '7a4a26',
  dark_brown: '4a2c17',
  brunette: '5b3a1e',
  black: '1b1b1b',
  red: 'b5471d',
  gray: '9a9a9a',
  white: 'e6e6e6',
};
const SKIN = ['f5d3bd', 'eac3a6', 'd9a47f', 'b57a54', '8d5a3b', 'fbe3d3'];

/** The storage of the environment (STORAGE_DIR, or S3 when S3_BUCKET is set), as the server's. */
export function storageFromEnv(env: NodeJS.ProcessEnv = process.env): FileStorage {
  return createFileStorage({
    STORAGE_DIR: env.STORAGE_DIR || 'storage',
    S3_BUCKET: env.S3_BUCKET || undefined,
    S3_ENDPOINT: env.S3_ENDPOINT || undefined,
    S3_REGION: env.S3_REGION || 'us-east-1',
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID || undefined,
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY || undefined,
    S3_FORCE_PATH_STYLE: env.S3_FORCE_PATH_STYLE === 'true',
  } as Parameters<typeof createFileStorage>[0]);
}

/** An avatar as PNG bytes. */
export async function avatarPng(
  seed: string,
  look: { gender: 'male' | 'female'; hairColor?: HairColor | null; variant?: number },
): Promise<Buffer> {
  let hash = 0;
  for (const char of seed) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  const svg = createAvatar(lorelei, {
    seed,
    backgroundColor: BACKGROUNDS[(hash + (look.variant ?? 0)) % BACKGROUNDS.length],
    backgroundType: ['gradientLinear'],
    hairColor: [HAIR[look.hairColor ?? 'brown'] ?? '5b3a1e'],
    skinColor: [SKIN[hash % SKIN.length]],
    beardProbability: look.gender === 'male' ? 35 : 0,
    earringsProbability: look.gender === 'female' ? 40 : 5,
    frecklesProbability: 15,
    glassesProbability: 15,
  }).toString();
  return sharp(Buffer.from(svg), { density: 200 }).resize(720, 720).png().toBuffer();
}

/** Looks of an avatar's profile, and its seed text (the same text gives the same picture). */
export interface AvatarProfile {
  id: number;
  name: string;
  gender: 'male' | 'female';
  hairColor: HairColor | null;
}

/** An avatar stored as an upload is (four WebP sizes); its photo row's file fields. */
async function storeAvatar(storage: FileStorage, profile: AvatarProfile, variant: number) {
  const png = await avatarPng(`${profile.name}-${profile.id}-${variant}`, {
    gender: profile.gender,
    hairColor: profile.hairColor,
    variant,
  });
  const processed = await processPhoto(png);
  const base = newPhotoBase();
  for (const size of PHOTO_SIZES) {
    await storage.put('photos', photoFileName(base, size), processed.files[size], 'image/webp');
  }
  return {
    filename: photoFileName(base, 'full'),
    thumbFilename: photoFileName(base, 'thumb'),
    width: processed.width,
    height: processed.height,
  };
}

/**
 * Adds approved avatar photos to a profile that has none (a re-seed adds nothing), the first
 * as the main photo. Returns how many were added.
 */
export async function seedAvatarPhotos(
  prisma: PrismaClient,
  storage: FileStorage,
  profile: AvatarProfile,
  count: number,
): Promise<number> {
  if ((await prisma.photo.count({ where: { profileId: profile.id } })) > 0) return 0;
  let mainId: number | null = null;
  for (let i = 0; i < count; i += 1) {
    const photo = await prisma.photo.create({
      data: {
        profileId: profile.id,
        ...(await storeAvatar(storage, profile, i)),
        status: 'active',
        position: i,
        moderatedAt: new Date(),
      },
      select: { id: true },
    });
    mainId ??= photo.id;
  }
  if (mainId !== null) {
    await prisma.profile.update({ where: { id: profile.id }, data: { mainPhotoId: mainId } });
  }
  return count;
}

/**
 * A new upload waiting for a moderator (under inspection, after the profile's other photos, not
 * the main photo), as the photo upload stores it.
 */
export async function seedPendingAvatar(
  prisma: PrismaClient,
  storage: FileStorage,
  profile: AvatarProfile,
  createdAt: Date,
): Promise<void> {
  const position = await prisma.photo.count({ where: { profileId: profile.id } });
  await prisma.photo.create({
    data: {
      profileId: profile.id,
      ...(await storeAvatar(storage, profile, position + 10)),
      status: 'under_inspection',
      position,
      createdAt,
    },
  });
}
