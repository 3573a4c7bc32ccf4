import { createZodDto } from '../common/zod-dto';
import { autoLikeResponse, likeRequest, likeResponse, likesResponse } from '@app/contract';

export class LikeBody extends createZodDto(likeRequest) {}
export class LikeResponseDto extends createZodDto(likeResponse) {}
export class LikesResponseDto extends createZodDto(likesResponse) {}
export class AutoLikeResponseDto extends createZodDto(autoLikeResponse) {}
