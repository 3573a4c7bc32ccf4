import { createZodDto } from '../common/zod-dto';
import { swipeDecisionResponse, swipeRequest, swipeResponse } from '@app/contract';

export class SwipeBody extends createZodDto(swipeRequest) {}
export class SwipeResponseDto extends createZodDto(swipeResponse) {}
export class SwipeDecisionResponseDto extends createZodDto(swipeDecisionResponse) {}
