/** The photos feature's public API. */
export { PhotosModule } from './photos.module';
export { PhotosService } from './photos.service';
export { processPhoto, PHOTO_SIZES, type PhotoSize, type ProcessedPhoto } from './photo-pipeline';
export {
  ApiPhotoUpload,
  PhotoUploadInterceptor,
  type PhotoUploadRequest,
} from './photo-upload.interceptor';
