/**
 * What the seeds (prisma/seed) may use of this feature: the file storage and the photos' file names. Beside index.ts because the seeds
 * run under tsx, which cannot load the feature's Nest module (parameter decorators).
 */
export { createFileStorage, type FileStorage } from './file-storage';
export { newPhotoBase, photoFileName } from './photo-names';
