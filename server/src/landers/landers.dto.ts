import { createZodDto } from '../common/zod-dto';
import { landersQuery, landersResponse } from '@app/contract';

export class LandersQueryDto extends createZodDto(landersQuery) {}
export class LandersResponseDto extends createZodDto(landersResponse) {}
