import { Body, Controller, Delete, Get, Inject, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, secureCookies, type AppConfig } from '../config/config';
import { OkResponseDto, Returns } from '../common/responses';
import { AuthGuard } from './auth.guard';
import { clearSessionCookie } from './cookies';
import { CurrentSession } from './current-session';
import { MemberSessions } from './member-sessions.service';
import type { CurrentSessionData } from './session.sql';
import { EndSessionBody, SessionsResponseDto } from './sessions.dto';

@ApiTags('accounts')
@Controller('api')
@UseGuards(AuthGuard)
export class SessionsController {
  constructor(
    private readonly sessions: MemberSessions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('sessions.php')
  @Returns(SessionsResponseDto)
  @ApiOperation({ summary: 'Where the member is logged in: browser, system, country, last seen' })
  async list(@CurrentSession() session: CurrentSessionData) {
    return { sessions: await this.sessions.list(session.userId, session.id) };
  }

  @Delete('session.php')
  @Returns(OkResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Logs out one of the member’s sessions (its open tabs disconnect)' })
  async end(@CurrentSession() session: CurrentSessionData, @Body() body: EndSessionBody) {
    await this.sessions.end(session.userId, body.session);
    return { ok: true as const };
  }

  @Delete('sessions.php')
  @Returns(OkResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Logs the member out everywhere, this browser included' })
  async endAll(
    @CurrentSession() session: CurrentSessionData,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.sessions.endAll(session.userId);
    clearSessionCookie(res, secureCookies(this.config));
    return { ok: true as const };
  }
}
