import { Body, Controller, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AuthGuard,
  CurrentSession,
  DEVICE_COOKIE,
  cookieOf,
  type CurrentSessionData,
  type MemberRequest,
} from '../auth';
import { RateLimit } from '../common/rate-limit.guard';
import { Idempotent } from '../idempotency';
import { EmailResponseDto, OkResponseDto, Returns } from '../common/responses';
import { CredentialsService } from './credentials.service';
import {
  ChangePasswordBody,
  MailChangeBody,
  ResetDoBody,
  ResetRequestBody,
  TokenBody,
} from './accounts.dto';

/** Where a password typed in this request comes from (for the lockout). */
const sourceOf = (req: MemberRequest) => ({
  ip: req.ip,
  deviceToken: cookieOf(req, DEVICE_COOKIE),
});

@ApiTags('accounts')
@ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
@Controller('api')
export class CredentialsController {
  constructor(private readonly credentials: CredentialsService) {}

  @Post('reset-password.php')
  @RateLimit('reset')
  @Idempotent()
  @Returns(OkResponseDto)
  @ApiOperation({
    summary:
      'Mails a single-use reset link (1 hour); at most 3 a day; needs a solved challenge (`altcha`)',
  })
  async requestReset(@Body() body: ResetRequestBody) {
    await this.credentials.requestReset(body.email, body.altcha);
    return { ok: true };
  }

  @Post('reset-password-do.php')
  @Returns(OkResponseDto)
  @ApiOperation({
    summary: "Sets a new password from a reset link; ends the member's sessions and other links",
  })
  async completeReset(@Body() body: ResetDoBody) {
    await this.credentials.completeReset(body.token, body.password, body.password_repeat);
    return { ok: true };
  }

  @Put('password.php')
  @Returns(OkResponseDto)
  @UseGuards(AuthGuard)
  @ApiOperation({
    summary:
      'Changes the password (the old one is checked under the login lockout); other sessions end',
  })
  async changePassword(
    @CurrentSession() session: CurrentSessionData,
    @Body() body: ChangePasswordBody,
    @Req() req: MemberRequest,
  ) {
    await this.credentials.changePassword(session.userId, session.id, body, sourceOf(req));
    return { ok: true };
  }

  @Post('mail-change.php')
  @RateLimit('mail_change')
  @Idempotent()
  @Returns(EmailResponseDto)
  @UseGuards(AuthGuard)
  @ApiOperation({
    summary:
      'With the current password: mails a confirmation link to the new address and a notice ' +
      'with a cancel link to the current one',
  })
  async requestMailChange(
    @CurrentSession() session: CurrentSessionData,
    @Body() body: MailChangeBody,
    @Req() req: MemberRequest,
  ) {
    return {
      email: await this.credentials.requestMailChange(session.userId, body, sourceOf(req)),
    };
  }

  @Post('mail-change-do.php')
  @Returns(EmailResponseDto)
  @ApiOperation({ summary: 'Applies a confirmed e-mail change; other sessions end' })
  async completeMailChange(
    @CurrentSession() session: CurrentSessionData | undefined,
    @Body() body: TokenBody,
  ) {
    return { email: await this.credentials.completeMailChange(body.token, session?.id) };
  }

  @Post('mail-change-cancel.php')
  @Returns(EmailResponseDto)
  @ApiOperation({
    summary:
      'Link mailed to the previous address: undoes the e-mail change and ends every session; ' +
      '400 link_invalid when expired or used',
  })
  async cancelMailChange(@Body() body: TokenBody) {
    return { email: await this.credentials.cancelMailChange(body.token) };
  }
}
