import { createZodDto } from '../common/zod-dto';
import { blockRequest, blocksResponse } from '@app/contract';

export class BlockBody extends createZodDto(blockRequest) {}
export class BlocksResponseDto extends createZodDto(blocksResponse) {}
