import { Body, Controller, HttpCode, Post, Put, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard } from './auth.guard';
import { CurrentSession, type SessionWithUser } from './current-user';
import { RateLimit } from '../redis/rate-limit';
import { CredentialsService } from './credentials.service';
import {
  ChangePasswordBody,
  MailChangeBody,
  ResetDoBody,
  ResetRequestBody,
  TokenBody,
} from './accounts.dto';

@ApiTags('accounts')
@ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
@Controller('api')
export class CredentialsController {
  constructor(private readonly credentials: CredentialsService) {}

  @Post('reset-password.php')
  @RateLimit('reset')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mails a single-use reset link (1 hour); at most 3 a day' })
  async requestReset(@Body() body: ResetRequestBody) {
    await this.credentials.requestReset(body.email);
    return { ok: true };
  }

  @Post('reset-password-do.php')
  @HttpCode(200)
  @ApiOperation({ summary: "Sets a new password from a reset link; ends the member's sessions" })
  async completeReset(@Body() body: ResetDoBody) {
    await this.credentials.completeReset(body.token, body.password, body.password_repeat);
    return { ok: true };
  }

  @Put('password.php')
  @UseGuards(AuthGuard)
  @ApiOperation({ summary: 'Changes the password; other sessions end' })
  async changePassword(
    @CurrentSession() session: SessionWithUser,
    @Body() body: ChangePasswordBody,
  ) {
    await this.credentials.changePassword(session.userId, session.id, body);
    return { ok: true };
  }

  @Post('mail-change.php')
  @RateLimit('mail_change')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiOperation({ summary: 'Mails a confirmation link to the new address' })
  async requestMailChange(
    @CurrentSession() session: SessionWithUser,
    @Body() body: MailChangeBody,
  ) {
    return { email: await this.credentials.requestMailChange(session.userId, body.email) };
  }

  @Post('mail-change-do.php')
  @HttpCode(200)
  @ApiOperation({ summary: 'Applies a confirmed e-mail change; other sessions end' })
  async completeMailChange(
    @CurrentSession() session: SessionWithUser | undefined,
    @Body() body: TokenBody,
  ) {
    return { email: await this.credentials.completeMailChange(body.token, session?.id) };
  }
}
