import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Returns } from '../common/responses';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import {
  IdParamDto,
  ScamFlagActionBodyDto,
  ScamFlagResponseDto,
  ScamQueueQueryDto,
  ScamQueueResponseDto,
} from './moderation.dto';
import { ScamFlagsService } from './scam-flags.service';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

/** The moderators' queue of flagged messages: contract api/staff-scams.ts. */
@ApiTags('staff')
@Controller('api/staff/scams')
export class ScamFlagsController {
  constructor(private readonly flags: ScamFlagsService) {}

  @Get()
  @Staff('moderator')
  @Returns(ScamQueueResponseDto)
  @ApiOperation({
    summary:
      'Staff: messages the send\u2019s scan flagged (waiting, or handled=1), newest first, each ' +
      'with its conversation around it and the sender\u2019s risk score',
  })
  queue(@Query() query: ScamQueueQueryDto, @CurrentStaff() staff: StaffPrincipal) {
    return this.flags.queue(staff, query);
  }

  @Post(':id/action')
  @HttpCode(200)
  @Staff('moderator')
  @ApiHeader(CLIENT_HEADER)
  @Returns(ScamFlagResponseDto)
  @ApiOperation({
    summary:
      'Staff: dismiss a flagged message, warn its sender (a mail) or ban them, with a reason ' +
      '(audited); {id}: the message id; 404 not_found, 409 complaint_handled',
  })
  async act(
    @Param() params: IdParamDto,
    @Body() body: ScamFlagActionBodyDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return { flag: await this.flags.act(staff, params.id, body.action, body.reason, req.ip) };
  }
}
