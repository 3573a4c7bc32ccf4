import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Req,
  Res,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { sendPrivateWebp } from '../common/private-image';
import { RateLimit } from '../common/rate-limit.guard';
import { Returns } from '../common/responses';
import { ApiPhotoUpload, PhotoUploadInterceptor, type PhotoUploadRequest } from '../photos';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import {
  OwnVerificationResponseDto,
  VerificationDecisionBody,
  VerificationDecisionResponseDto,
  VerificationIdParam,
  VerificationNextBody,
  VerificationNextResponseDto,
  VerificationStatsResponseDto,
  VerificationWithdrawBody,
  VerificationWithdrawResponseDto,
} from './verification.dto';
import { VerificationDesk } from './verification-desk.service';
import { VerificationService } from './verification.service';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

/** The member's verified badge: the state, a gesture, the selfie. */
@ApiTags('verification')
@Controller('api')
export class VerificationController {
  constructor(private readonly verification: VerificationService) {}

  @Get('verification.php')
  @UseGuards(AuthGuard)
  @Returns(OwnVerificationResponseDto)
  @ApiOperation({ summary: 'The member’s verification: badge, and the latest request' })
  state(@CurrentSession() session: CurrentSessionData) {
    return this.verification.state(session.userId);
  }

  @Post('verification.php')
  @UseGuards(AuthGuard)
  @Returns(OwnVerificationResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary: 'Asks to verify: the site picks a gesture for the selfie (a valid one comes back)',
  })
  request(@CurrentSession() session: CurrentSessionData) {
    return this.verification.request(session.userId);
  }

  @Post('verification-selfie.php')
  @UseGuards(AuthGuard)
  @RateLimit('photo_uploads')
  @UseInterceptors(PhotoUploadInterceptor)
  @Returns(OwnVerificationResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiPhotoUpload()
  @ApiOperation({
    summary:
      'The selfie making the gesture asked for (sniffed, re-encoded, metadata removed); it ' +
      'waits for a moderator and is deleted once decided',
  })
  selfie(@CurrentSession() session: CurrentSessionData, @Req() req: PhotoUploadRequest) {
    return this.verification.submit(session.userId, req.file!.buffer);
  }
}

/** The verification desk (moderators and admins), beside the photo desk. */
@ApiTags('staff')
@Controller('api/staff/verification')
export class VerificationDeskController {
  constructor(private readonly desk: VerificationDesk) {}

  @Get('stats')
  @Staff('moderator')
  @Returns(VerificationStatsResponseDto)
  @ApiOperation({ summary: 'Staff: how many selfies wait for a decision, and since when' })
  async stats() {
    return { stats: await this.desk.stats() };
  }

  @Post('next')
  @Staff('moderator')
  @Returns(VerificationNextResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary: 'Staff: claims the oldest selfie nobody else holds, with the member’s photos',
  })
  next(@CurrentStaff() staff: StaffPrincipal, @Body() body: VerificationNextBody) {
    return this.desk.next(staff, body.exclude);
  }

  @Post('withdraw')
  @HttpCode(200)
  @Staff('moderator')
  @Returns(VerificationWithdrawResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      'Staff: takes a member’s verified badge away with a reason the member reads (statement ' +
      'of reasons, audited); the member may verify again; 404 not_found, 409 not_verified',
  })
  withdraw(
    @CurrentStaff() staff: StaffPrincipal,
    @Body() body: VerificationWithdrawBody,
    @Req() req: Request,
  ) {
    return this.desk.withdraw(staff, body, req.ip);
  }

  @Get(':id/selfie')
  @Staff('moderator')
  @ApiOkResponse({
    description: 'The selfie (WebP) while its request waits; 404 once decided',
    content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiOperation({ summary: 'Staff: the selfie of a waiting verification request' })
  async selfie(@Param() params: VerificationIdParam, @Res() res: Response): Promise<void> {
    sendPrivateWebp(res, await this.desk.selfie(params.id));
  }

  @Post(':id/decision')
  @Staff('moderator')
  @Returns(VerificationDecisionResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary: 'Staff: approves a selfie (the badge) or rejects it with a reason; the selfie goes',
  })
  decide(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: VerificationIdParam,
    @Body() body: VerificationDecisionBody,
    @Req() req: Request,
  ) {
    return this.desk.decide(staff, params.id, body, req.ip);
  }
}
