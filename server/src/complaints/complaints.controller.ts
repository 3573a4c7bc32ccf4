import { Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentSession, type CurrentSessionData, type MemberRequest } from '../auth';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { RateLimit } from '../common/rate-limit.guard';
import { Returns } from '../common/responses';
import { Idempotent } from '../idempotency';
import { staffViewerOf, viewerOf } from '../member-access';
import { ComplaintsService } from './complaints.service';
import {
  ComplaintBody,
  ComplaintResponseDto,
  StaffComplaintsQueryDto,
  StaffComplaintsResponseDto,
} from './complaints.dto';

@ApiTags('complaints')
@Controller('api')
export class ComplaintsController {
  constructor(private readonly complaints: ComplaintsService) {}

  @Post('complaint.php')
  @RateLimit('complaints_member', 'complaints_visitor')
  @Idempotent()
  @Returns(ComplaintResponseDto, 201)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary:
      'A complaint about a member, a photo, a message or the site (visitors give name and ' +
      'e-mail); 404 not_found for what the reporter cannot see; 429 rate_limited',
  })
  async create(
    @Body() body: ComplaintBody,
    @Req() req: MemberRequest,
    @CurrentSession() session?: CurrentSessionData,
  ) {
    return { complaint: await this.complaints.create(viewerOf(session), body, { ip: req.ip }) };
  }

  @Get('complaints.php')
  @Staff('moderator')
  @Returns(StaffComplaintsResponseDto)
  @ApiOperation({ summary: 'Staff: complaints newest first, optionally by status, 50 a page' })
  async list(@Query() query: StaffComplaintsQueryDto, @CurrentStaff() staff: StaffPrincipal) {
    return this.complaints.list(staffViewerOf(staff), query);
  }
}
