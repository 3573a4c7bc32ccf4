import { Body, Controller, Get, HttpCode, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AUTH_COOKIE } from '../common/constants';
import { AuthGuard } from '../accounts/auth.guard';
import { CurrentSession, type SessionWithUser } from '../accounts/current-user';
import { DeletionService } from './deletion.service';
import { DeleteAccountBody, ReactivateQuery } from './deletion.dto';

@ApiTags('accounts')
@Controller('api')
export class DeletionController {
  constructor(private readonly deletion: DeletionService) {}

  @Post('account-delete.php')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Deletes the account (reactivatable by mail link for 14 days)' })
  async delete(
    @CurrentSession() session: SessionWithUser,
    @Body() body: DeleteAccountBody,
    @Res({ passthrough: true }) res: Response,
  ) {
    const request = await this.deletion.delete(session.userId, body);
    res.clearCookie(AUTH_COOKIE, { path: '/' });
    return { purge_at: request.purgeAt.toISOString() };
  }

  @Get('reactivate.php')
  @ApiOperation({ summary: 'Reactivation link target: redirects to /login or /activate/error' })
  async reactivate(@Query() query: ReactivateQuery, @Res() res: Response) {
    const ok = await this.deletion.reactivate(query.token);
    res.redirect(302, ok ? '/login?reactivated=1' : '/activate/error');
  }
}
