import {
  Body,
  Controller,
  Delete,
  Get,
  Inject,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
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
import { OkResponseDto, Redirects, Returns } from '../common/responses';

@ApiTags('accounts')
@Controller('api')
export class DeletionController {
  constructor(
    private readonly deletion: DeletionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('account-delete-start.php')
  @Returns(OkResponseDto)
  @UseGuards(AuthGuard)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary:
      'The member asks for deletion (the deletion page past its alternatives): the deletion ' +
      'offer (delete-discount.php) is open until they stay or confirm',
  })
  async start(@CurrentSession() session: CurrentSessionData) {
    await this.deletion.start(session.userId);
    return { ok: true as const };
  }

  @Delete('account-delete-start.php')
  @Returns(OkResponseDto)
  @UseGuards(AuthGuard)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary: 'The member stays: the deletion they began ends, and its offer’s code with it',
  })
  async stay(@CurrentSession() session: CurrentSessionData) {
    await this.deletion.stay(session.userId);
    return { ok: true as const };
  }

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
