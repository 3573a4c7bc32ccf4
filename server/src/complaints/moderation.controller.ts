import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Returns } from '../common/responses';
import { staffViewerOf } from '../member-access';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { BansService } from './bans.service';
import { ModerationMembers } from './moderation-members';
import { ModerationService } from './moderation.service';
import {
  ComplaintActionBodyDto,
  ComplaintDetailResponseDto,
  IdParamDto,
  MemberBanBodyDto,
  MemberBanResponseDto,
  StaffInboxQueryDto,
  StaffInboxResponseDto,
} from './moderation.dto';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

/** Complaints and bans on the staff side (admins, moderators): contract api/staff-moderation.ts. */
@ApiTags('staff')
@Controller('api/staff')
export class ModerationController {
  constructor(
    private readonly moderation: ModerationService,
    private readonly members: ModerationMembers,
    private readonly bans: BansService,
  ) {}

  @Get('complaints')
  @Staff('moderator')
  @Returns(StaffInboxResponseDto)
  @ApiOperation({ summary: 'Staff: the complaints inbox (newest first, 50 a page) with counts' })
  inbox(@Query() query: StaffInboxQueryDto, @CurrentStaff() staff: StaffPrincipal) {
    return this.moderation.inbox(staff, query);
  }

  @Get('complaints/:id')
  @Staff('moderator')
  @Returns(ComplaintDetailResponseDto)
  @ApiOperation({
    summary:
      'Staff: one complaint with the snapshot and the live item, both members\u2019 histories ' +
      'and the actions possible now; 404 not_found',
  })
  detail(@Param() params: IdParamDto, @CurrentStaff() staff: StaffPrincipal) {
    return this.moderation.detail(staff, params.id);
  }

  @Post('complaints/:id/action')
  @HttpCode(200)
  @Staff('moderator')
  @ApiHeader(CLIENT_HEADER)
  @Returns(ComplaintDetailResponseDto)
  @ApiOperation({
    summary:
      'Staff: dismiss, warn (a mail), hide the content, ban or unban, with a reason (audited); ' +
      '409 complaint_handled when someone else handled it first, 409 ' +
      'complaint_action_unavailable, 409 member_already_banned',
  })
  act(
    @Param() params: IdParamDto,
    @Body() body: ComplaintActionBodyDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.moderation.act(staff, params.id, body.action, body.reason, req.ip, body.ground);
  }

  @Post('members/:id/ban')
  @HttpCode(200)
  @Staff('moderator')
  @ApiHeader(CLIENT_HEADER)
  @Returns(MemberBanResponseDto)
  @ApiOperation({
    summary:
      'Staff: bans a member ({id}: user id) with a reason: every session and socket ends, the ' +
      'member is hidden everywhere, login answers 403 account_banned; 409 member_already_banned',
  })
  async ban(
    @Param() params: IdParamDto,
    @Body() body: MemberBanBodyDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    await this.bans.ban(staff, {
      userId: params.id,
      reason: body.reason,
      ground: body.ground,
      ip: req.ip,
    });
    return { history: await this.members.historyOrThrow(staffViewerOf(staff), params.id) };
  }

  @Post('members/:id/unban')
  @HttpCode(200)
  @Staff('moderator')
  @ApiHeader(CLIENT_HEADER)
  @Returns(MemberBanResponseDto)
  @ApiOperation({
    summary: 'Staff: lifts a member\u2019s ban with a reason; 409 member_not_banned',
  })
  async unban(
    @Param() params: IdParamDto,
    @Body() body: MemberBanBodyDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    await this.bans.unban(staff, { userId: params.id, reason: body.reason, ip: req.ip });
    return { history: await this.members.historyOrThrow(staffViewerOf(staff), params.id) };
  }

  @Get('members/:id/moderation')
  @Staff('moderator')
  @Returns(MemberBanResponseDto)
  @ApiOperation({
    summary: 'Staff: a member\u2019s complaints by and against them, bans and warnings; 404',
  })
  async history(@Param() params: IdParamDto, @CurrentStaff() staff: StaffPrincipal) {
    return { history: await this.members.historyOrThrow(staffViewerOf(staff), params.id) };
  }
}
