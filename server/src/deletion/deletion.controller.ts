import { Body, Controller, Get, Inject, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, secureCookies, type AppConfig } from '../config/config';
import {
  AuthGuard,
  CurrentSession,
  DEVICE_COOKIE,
  clearSessionCookie,
  cookieOf,
  type CurrentSessionData,
  type MemberRequest,
} from '../auth';
import { DeletionService } from './deletion.service';
import { DeleteAccountBody, DeleteAccountResponseDto, ReactivateQuery } from './deletion.dto';
import { Redirects, Returns } from '../common/responses';

@ApiTags('accounts')
@Controller('api')
export class DeletionController {
  constructor(
    private readonly deletion: DeletionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('account-delete.php')
  @Returns(DeleteAccountResponseDto)
  @UseGuards(AuthGuard)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary:
      'With the current password: deletes the account (reactivatable by mail link for 14 days)',
  })
  async delete(
    @CurrentSession() session: CurrentSessionData,
    @Body() body: DeleteAccountBody,
    @Req() req: MemberRequest,
    @Res({ passthrough: true }) res: Response,
  ) {
    const request = await this.deletion.delete(session.userId, body, {
      ip: req.ip,
      deviceToken: cookieOf(req, DEVICE_COOKIE),
    });
    clearSessionCookie(res, secureCookies(this.config));
    return { purge_at: request.purgeAt.toISOString() };
  }

  @Get('reactivate.php')
  @Redirects('/login?reactivated=1, or /activate/error')
  @ApiOperation({ summary: 'Reactivation link target: redirects to /login or /activate/error' })
  async reactivate(@Query() query: ReactivateQuery, @Res() res: Response) {
    const ok = await this.deletion.reactivate(query.token);
    res.redirect(302, ok ? '/login?reactivated=1' : '/activate/error');
  }
}
