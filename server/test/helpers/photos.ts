import type { TestApp } from './test-app';

/**
 * An approved photo row (no files) made the profile's main photo: for what reads the photo rule
 * or `has_photo`, not the files.
 */
export async function activeMainPhoto(t: TestApp, profileId: number, prefix = 'p') {
  const photo = await t.prisma.photo.create({
    data: {
      profileId,
      filename: `${prefix}${profileId}-full.webp`,
      thumbFilename: `${prefix}${profileId}-thumb.webp`,
      status: 'active',
      width: 400,
      height: 400,
    },
  });
  await t.prisma.profile.update({ where: { id: profileId }, data: { mainPhotoId: photo.id } });
  return photo;
}
