import { createZodDto } from 'nestjs-zod';
import { figuresQuery, figuresResponse } from '@app/contract';

export class FiguresQueryDto extends createZodDto(figuresQuery) {}
export class FiguresResponseDto extends createZodDto(figuresResponse) {}
