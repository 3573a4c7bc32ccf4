import { createZodDto } from '../common/zod-dto';
import {
  ownPhotosResponse,
  photoDeleteRequest,
  photoMainRequest,
  photoUploadResponse,
} from '@app/contract';

export class OwnPhotosResponseDto extends createZodDto(ownPhotosResponse) {}
export class PhotoUploadResponseDto extends createZodDto(photoUploadResponse) {}
export class PhotoMainBody extends createZodDto(photoMainRequest) {}
export class PhotoDeleteBody extends createZodDto(photoDeleteRequest) {}
