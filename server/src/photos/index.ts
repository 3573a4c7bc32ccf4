/** The photos feature's public API. */
export { PhotosModule } from './photos.module';
export { PhotosService } from './photos.service';
export { PHOTO_SIZES, type PhotoSize, type ProcessedPhoto } from './photo-pipeline';
export { PhotoProcessingModule } from './photo-processing.module';
export { PhotoProcessor } from './photo-processor';
export {
  ApiPhotoUpload,
  PhotoUploadInterceptor,
  type PhotoUploadRequest,
} from './photo-upload.interceptor';
