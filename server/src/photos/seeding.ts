import type { ProcessedPhoto } from './photo-pipeline';
import { PhotoPool } from './photo-pool';

/**
 * What the seeds (prisma/seed) may use of this feature: the photo pipeline, so the demo's photos
 * are the sizes the app makes, on a pool of its own as the app runs it (one thread: the seeds
 * store one photo at a time; an idle thread never keeps the seed running). Beside index.ts
 * because the seeds run under tsx, which cannot load the feature's Nest module (parameter
 * decorators).
 */
export { PHOTO_SIZES } from './photo-pipeline';

const pool = new PhotoPool({ threads: 1, warn: (message) => console.warn(message) });

export function processPhoto(upload: Buffer): Promise<ProcessedPhoto> {
  return pool.process(upload);
}
