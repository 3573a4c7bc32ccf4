import { createZodDto } from '../common/zod-dto';
import { deleteDiscountResponse, discountCodeQuery, discountCodeResponse } from '@app/contract';

export class DiscountCodeQueryDto extends createZodDto(discountCodeQuery) {}
export class DiscountCodeResponseDto extends createZodDto(discountCodeResponse) {}
export class DeleteDiscountResponseDto extends createZodDto(deleteDiscountResponse) {}
