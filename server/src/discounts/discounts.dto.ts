import { createZodDto } from 'nestjs-zod';
import { discountCodeQuery, discountCodeResponse } from '@app/contract';

export class DiscountCodeQueryDto extends createZodDto(discountCodeQuery) {}
export class DiscountCodeResponseDto extends createZodDto(discountCodeResponse) {}
