import { Body, Controller, Get, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from '../common/zod-dto';
import {
  catalogueIdParam,
  discountCreateBody,
  staffDiscountResponse,
  staffDiscountsResponse,
} from '@app/contract';
import { Returns } from '../common/responses';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { DiscountsAdmin } from './discounts-admin.service';

class IdParam extends createZodDto(catalogueIdParam) {}
class DiscountCreateBody extends createZodDto(discountCreateBody) {}
class StaffDiscountsResponseDto extends createZodDto(staffDiscountsResponse) {}
class StaffDiscountResponseDto extends createZodDto(staffDiscountResponse) {}

/** Admins: discount codes. */
@ApiTags('staff')
@Controller('api/staff/catalogue/discounts')
export class DiscountsAdminController {
  constructor(private readonly discounts: DiscountsAdmin) {}

  @Get()
  @Staff('admin')
  @Returns(StaffDiscountsResponseDto)
  @ApiOperation({ summary: 'Admin: discount codes (not personal copies), newest first' })
  list() {
    return this.discounts.list();
  }

  @Post()
  @Staff('admin')
  @Returns(StaffDiscountResponseDto, 201)
  @ApiOperation({ summary: 'Admin: make a discount code (409 code_taken); audited' })
  create(
    @Body() body: DiscountCreateBody,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.discounts.create(staff, body, req.ip);
  }

  @Post(':id/deactivate')
  @Staff('admin')
  @Returns(StaffDiscountResponseDto)
  @ApiOperation({
    summary:
      'Admin: deactivate a discount code: refused from now on; checkouts that reserved it keep ' +
      'it; audited',
  })
  deactivate(@Param() params: IdParam, @CurrentStaff() staff: StaffPrincipal, @Req() req: Request) {
    return this.discounts.deactivate(staff, params.id, req.ip);
  }
}
