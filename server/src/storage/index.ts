/** Infrastructure: member files (local disk or S3-compatible storage) and signed media URLs. */
export { StorageModule } from './storage.module';
export {
  FileStorage,
  LocalFileStorage,
  S3FileStorage,
  createFileStorage,
  type StorageKind,
} from './file-storage';
export { MediaSigner, type MediaScope } from './media-signer';
export {
  PHOTO_FILE_SIZES,
  newPhotoBase,
  photoFileName,
  photoFileNames,
  photoFilenameOf,
  type PhotoFileSize,
} from './photo-names';
