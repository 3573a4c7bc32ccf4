import { createZodDto } from '../common/zod-dto';
import { figuresQuery, figuresResponse } from '@app/contract';

export class FiguresQueryDto extends createZodDto(figuresQuery) {}
export class FiguresResponseDto extends createZodDto(figuresResponse) {}
