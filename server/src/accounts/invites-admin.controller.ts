import { Body, Controller, Get, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from '../common/zod-dto';
import {
  catalogueIdParam,
  inviteCreateBody,
  staffInvite,
  staffInvitesResponse,
} from '@app/contract';
import { z } from 'zod';
import { Returns } from '../common/responses';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { InvitesAdmin } from './invites-admin.service';

class IdParam extends createZodDto(catalogueIdParam) {}
class InviteCreateBody extends createZodDto(inviteCreateBody) {}
class StaffInvitesResponseDto extends createZodDto(staffInvitesResponse) {}
class StaffInviteResponseDto extends createZodDto(z.object({ invite: staffInvite })) {}

/** Admins: invite codes (signup_invite_only). */
@ApiTags('staff')
@Controller('api/staff/catalogue/invites')
export class InvitesAdminController {
  constructor(private readonly invites: InvitesAdmin) {}

  @Get()
  @Staff('admin')
  @Returns(StaffInvitesResponseDto)
  @ApiOperation({ summary: 'Admin: invite codes, newest first (the last 500)' })
  list() {
    return this.invites.list();
  }

  @Post()
  @Staff('admin')
  @Returns(StaffInvitesResponseDto, 201)
  @ApiOperation({ summary: 'Admin: make invite codes (random, or one chosen); audited' })
  create(
    @Body() body: InviteCreateBody,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.invites.create(staff, body, req.ip);
  }

  @Post(':id/revoke')
  @Staff('admin')
  @Returns(StaffInviteResponseDto)
  @ApiOperation({
    summary: 'Admin: revoke an unused invite code (409 conflict when used); audited',
  })
  revoke(@Param() params: IdParam, @CurrentStaff() staff: StaffPrincipal, @Req() req: Request) {
    return this.invites.revoke(staff, params.id, req.ip);
  }
}
