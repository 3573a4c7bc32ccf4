import { createZodDto } from 'nestjs-zod';
import { swipeDecisionResponse, swipeRequest, swipeResponse } from '@app/contract';

export class SwipeBody extends createZodDto(swipeRequest) {}
export class SwipeResponseDto extends createZodDto(swipeResponse) {}
export class SwipeDecisionResponseDto extends createZodDto(swipeDecisionResponse) {}
