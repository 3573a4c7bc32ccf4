import { createZodDto } from 'nestjs-zod';
import {
  moderationListResponse,
  moderationQuery,
  moderationRequest,
  ownPhotosResponse,
  photoDeleteRequest,
  photoMainRequest,
  photoUploadResponse,
} from '@app/contract';

export class OwnPhotosResponseDto extends createZodDto(ownPhotosResponse) {}
export class PhotoUploadResponseDto extends createZodDto(photoUploadResponse) {}
export class PhotoMainBody extends createZodDto(photoMainRequest) {}
export class PhotoDeleteBody extends createZodDto(photoDeleteRequest) {}
export class ModerationQuery extends createZodDto(moderationQuery) {}
export class ModerationBody extends createZodDto(moderationRequest) {}
export class ModerationListResponseDto extends createZodDto(moderationListResponse) {}
