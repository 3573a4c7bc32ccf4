import { Body, Controller, Get, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentSession, type CurrentSessionData, type MemberRequest } from '../auth';
import { Returns } from '../common/responses';
import { AcceptConsentsBody, ConsentsResponseDto, PartnerSharingBody } from './consents.dto';
import { ConsentsService } from './consents.service';

const proofOf = (req: MemberRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

@ApiTags('accounts')
@Controller('api')
@UseGuards(AuthGuard)
export class ConsentsController {
  constructor(private readonly consents: ConsentsService) {}

  @Get('consents.php')
  @Returns(ConsentsResponseDto)
  @ApiOperation({ summary: 'The legal documents still to accept and the partner-sharing opt-in' })
  get(@CurrentSession() session: CurrentSessionData) {
    return this.consents.overview(session.userId);
  }

  @Post('consents.php')
  @Returns(ConsentsResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary: 'Accepts the versions in force of the documents named (409 consent_version_outdated)',
  })
  accept(
    @CurrentSession() session: CurrentSessionData,
    @Body() body: AcceptConsentsBody,
    @Req() req: MemberRequest,
  ) {
    return this.consents.accept(session.userId, body, proofOf(req));
  }

  @Put('partner-sharing.php')
  @Returns(ConsentsResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Gives or revokes sharing the profile with partner sites' })
  partnerSharing(
    @CurrentSession() session: CurrentSessionData,
    @Body() body: PartnerSharingBody,
    @Req() req: MemberRequest,
  ) {
    return this.consents.setPartnerSharing(session.userId, body.enabled, proofOf(req));
  }
}
