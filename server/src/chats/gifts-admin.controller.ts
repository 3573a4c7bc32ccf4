import { Body, Controller, Get, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from '../common/zod-dto';
import {
  catalogueIdParam,
  giftChangeBody,
  giftCreateBody,
  staffGiftResponse,
  staffGiftsResponse,
} from '@app/contract';
import { Returns } from '../common/responses';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { GiftsAdmin } from './gifts-admin.service';

class IdParam extends createZodDto(catalogueIdParam) {}
class GiftCreateBody extends createZodDto(giftCreateBody) {}
class GiftChangeBody extends createZodDto(giftChangeBody) {}
class StaffGiftsResponseDto extends createZodDto(staffGiftsResponse) {}
class StaffGiftResponseDto extends createZodDto(staffGiftResponse) {}

/** Admins: the gifts members send. */
@ApiTags('staff')
@Controller('api/staff/catalogue/gifts')
export class GiftsAdminController {
  constructor(private readonly gifts: GiftsAdmin) {}

  @Get()
  @Staff('admin')
  @Returns(StaffGiftsResponseDto)
  @ApiOperation({ summary: 'Admin: every gift (active first) with its names in each language' })
  list() {
    return this.gifts.list();
  }

  @Post()
  @Staff('admin')
  @Returns(StaffGiftResponseDto, 201)
  @ApiOperation({ summary: 'Admin: make a gift (names in all seven languages); audited' })
  create(@Body() body: GiftCreateBody, @CurrentStaff() staff: StaffPrincipal, @Req() req: Request) {
    return this.gifts.create(staff, body, req.ip);
  }

  @Patch(':id')
  @Staff('admin')
  @Returns(StaffGiftResponseDto)
  @ApiOperation({ summary: 'Admin: change or deactivate a gift; audited with before and after' })
  change(
    @Param() params: IdParam,
    @Body() body: GiftChangeBody,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.gifts.change(staff, params.id, body, req.ip);
  }
}
