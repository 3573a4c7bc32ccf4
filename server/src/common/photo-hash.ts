import sharp, { type Sharp } from 'sharp';

/**
 * A 64-bit difference hash (dHash) of a photo: the picture in grey at 9x8 pixels, one bit per
 * pair of neighbours in a row (is the left one brighter?). Resizing, re-encoding (JPEG, WebP) and
 * small colour changes leave it (almost) the same, so two hashes a few bits apart are one photo
 * (PHOTO_HASH_MATCH_BITS). Stored as PostgreSQL's signed BIGINT.
 */
export async function differenceHash(image: Sharp): Promise<bigint> {
  const grey = await image
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const channels = grey.info.channels;
  let hash = 0n;
  for (let y = 0; y < 8; y += 1) {
    for (let x = 0; x < 8; x += 1) {
      const left = grey.data[(y * 9 + x) * channels]!;
      const right = grey.data[(y * 9 + x + 1) * channels]!;
      hash = (hash << 1n) | (left > right ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** The hash of stored photo bytes (a file of the photo store). */
export function differenceHashOf(file: Buffer): Promise<bigint> {
  return differenceHash(sharp(file, { failOn: 'none' }));
}

/** How many bits two hashes differ in. */
export function hammingDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (diff) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}
