import { Body, Controller, Get, Put, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AUTH_COOKIE } from '../common/constants';
import { SettingsService } from '../settings/settings.service';
import { CurrentSession, type SessionWithUser } from './current-user';
import { SessionService } from './session.service';
import { AccountsService } from './accounts.service';
import { AuthGuard } from './auth.guard';
import { UpdateUserBody } from './user.dto';
import { presentUser } from './user.presenter';

@ApiTags('accounts')
@Controller('api')
export class UserController {
  constructor(
    private readonly sessions: SessionService,
    private readonly settings: SettingsService,
    private readonly accounts: AccountsService,
  ) {}

  @Get('user.php')
  @ApiOperation({ summary: 'The logged-in member, or {"user": null} for a visitor' })
  async current(@CurrentSession() session: SessionWithUser | undefined) {
    if (!session) return { user: null };
    const { fictional_icon } = await this.settings.stored();
    return { user: presentUser(session.user, fictional_icon) };
  }

  @Put('user.php')
  @UseGuards(AuthGuard)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: "Sets the member's language" })
  async update(@CurrentSession() session: SessionWithUser, @Body() body: UpdateUserBody) {
    const user = await this.accounts.setLanguage(session.userId, body.language);
    const { fictional_icon } = await this.settings.stored();
    return { user: presentUser(user, fictional_icon) };
  }

  @Get('logout.php')
  @ApiOperation({ summary: 'Ends the session and clears its cookie' })
  async logout(
    @CurrentSession() session: SessionWithUser | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (session) await this.sessions.end(session.id);
    res.clearCookie(AUTH_COOKIE, { path: '/' });
    return { ok: true };
  }
}
