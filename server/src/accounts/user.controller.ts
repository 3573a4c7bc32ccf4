import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { requestLanguage } from '../common/request-language';
import { AUTH_COOKIE } from '../common/constants';
import { SettingsService } from '../settings/settings.service';
import { CurrentSession, type SessionWithUser } from './current-user';
import { SessionService } from './session.service';
import { AccountsService } from './accounts.service';
import { AuthGuard } from './auth.guard';
import { UpdateUserBody } from './user.dto';
import { ActivateQuery, ActivationMailBody, LoginBody, SignupBody } from './accounts.dto';
import { SignupService } from './signup.service';
import { setSessionCookie } from './session-cookie';
import { RateLimit } from '../redis/rate-limit';
import { presentUser } from './user.presenter';

@ApiTags('accounts')
@Controller('api')
export class UserController {
  constructor(
    private readonly sessions: SessionService,
    private readonly settings: SettingsService,
    private readonly accounts: AccountsService,
    private readonly signups: SignupService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async startSession(userId: number, req: Request, res: Response) {
    const { token, expiresAt } = await this.sessions.create(userId, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
    });
    setSessionCookie(res, token, expiresAt, this.config.NODE_ENV === 'production');
  }

  private async present(user: Parameters<typeof presentUser>[0]) {
    const { fictional_icon } = await this.settings.stored();
    return { user: presentUser(user, fictional_icon) };
  }

  @Post('user.php')
  @HttpCode(200)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Login; sets the session cookie. 401 login_failed, 429 login_blocked' })
  async login(
    @Body() body: LoginBody,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const user = await this.accounts.login(body.email, body.password, req.ip ?? 'unknown');
    await this.startSession(user.id, req, res);
    return this.present(user);
  }

  @Post('signup.php')
  @RateLimit('signup')
  @HttpCode(201)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary: 'Creates an account (not_confirmed), logs it in, queues the activation mail',
  })
  async signup(
    @Body() body: SignupBody,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const user = await this.signups.signup(body, {
      ip: req.ip,
      language: requestLanguage(req),
      domain: req.hostname,
    });
    await this.startSession(user.id, req, res);
    return this.present(user);
  }

  @Get('activate.php')
  @ApiOperation({
    summary: 'Activation link target: redirects to /activate/done or /activate/error',
  })
  async activate(@Query() query: ActivateQuery, @Res() res: Response) {
    const ok = await this.accounts.activate(query.token);
    res.redirect(302, ok ? '/activate/done' : '/activate/error');
  }

  @Post('activation-mail.php')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Resends the activation mail, optionally to a corrected address' })
  async resendActivation(
    @CurrentSession() session: SessionWithUser,
    @Body() body: ActivationMailBody,
  ) {
    return { email: await this.accounts.resendActivation(session.userId, body.email) };
  }

  @Get('user.php')
  @ApiOperation({ summary: 'The logged-in member, or {"user": null} for a visitor' })
  async current(@CurrentSession() session: SessionWithUser | undefined) {
    if (!session) return { user: null };
    return this.present(session.user);
  }

  @Put('user.php')
  @UseGuards(AuthGuard)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: "Sets the member's language" })
  async update(@CurrentSession() session: SessionWithUser, @Body() body: UpdateUserBody) {
    return this.present(await this.accounts.setLanguage(session.userId, body.language));
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
