/**
 * What the seeds (prisma/seed) may use of this feature: the photo pipeline, so the demo's photos are the sizes the app makes. Beside index.ts because the seeds
 * run under tsx, which cannot load the feature's Nest module (parameter decorators).
 */
export { processPhoto, PHOTO_SIZES } from './photo-pipeline';
