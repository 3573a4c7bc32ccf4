import { createZodDto } from 'nestjs-zod';
import { likeRequest, likeResponse } from '@app/contract';

export class LikeBody extends createZodDto(likeRequest) {}
export class LikeResponseDto extends createZodDto(likeResponse) {}
