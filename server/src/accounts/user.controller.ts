import {
  Body,
  Controller,
  Get,
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
import { APP_CONFIG, secureCookies, type AppConfig } from '../config/config';
import { AppError } from '../common/app-error';
import { requestLanguage } from '../common/request-language';
import { VisitorCountry } from '../visitor-country';
import { REQUEST_TYPE_CLIENT, REQUEST_TYPE_HEADER } from '@app/contract';
import { SettingsService } from '../settings';
import {
  AuthGuard,
  BROWSER_COOKIE,
  CurrentSession,
  DEVICE_COOKIE,
  setBrowserCookie,
  SessionService,
  clearSessionCookie,
  cookieOf,
  setDeviceCookie,
  setSessionCookie,
  type CurrentSessionData,
  type MemberRequest,
} from '../auth';
import { AccountsService } from './accounts.service';
import {
  ActivationMailBody,
  LinkQuery,
  LoggedInResponseDto,
  LoginBody,
  SignupBody,
  UpdateUserBody,
  UserResponseDto,
} from './accounts.dto';
import { SignupService } from './signup.service';
import { RateLimit } from '../common/rate-limit.guard';
import { Idempotent } from '../idempotency';
import { EmailResponseDto, OkResponseDto, Redirects, Returns } from '../common/responses';
import { presentUser } from './user.presenter';
import { MediaSigner } from '../storage';
import { ConsentsService } from '../consents';
import { newToken } from '../common/tokens';

@ApiTags('accounts')
@Controller('api')
export class UserController {
  constructor(
    private readonly sessions: SessionService,
    private readonly settings: SettingsService,
    private readonly accounts: AccountsService,
    private readonly signups: SignupService,
    private readonly signer: MediaSigner,
    private readonly visitorCountry: VisitorCountry,
    private readonly consents: ConsentsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get secure(): boolean {
    return secureCookies(this.config);
  }

  /** A new session for this browser; the one it held before (if any) ends. */
  private async startSession(userId: number, req: MemberRequest, res: Response) {
    if (req.session) await this.sessions.end(req.session.id);
    const { token, expiresAt } = await this.sessions.create(userId, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
      country: this.visitorCountry.of(req),
    });
    setSessionCookie(res, token, expiresAt, this.secure);
  }

  /**
   * This browser's long-lived token (the `browser` cookie), made and set when it has none or a
   * malformed one: it ties the accounts used in one browser (server/src/account-links).
   */
  private browserToken(req: MemberRequest, res: Response): string {
    const held = cookieOf(req, BROWSER_COOKIE);
    if (held && /^[\w-]{20,100}$/.test(held)) return held;
    const token = newToken().token;
    setBrowserCookie(res, token, this.secure);
    return token;
  }

  private async present(user: Parameters<typeof presentUser>[0]) {
    const { fictional_icon } = await this.settings.stored();
    return { user: presentUser(user, fictional_icon, this.signer, this.consents.pendingOf(user)) };
  }

  @Post('user.php')
  @Returns(LoggedInResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary:
      'Login; sets the session cookie. 401 login_failed, 429 login_blocked, 400 ' +
      'challenge_required after a few failures (then with `altcha`)',
  })
  async login(
    @Body() body: LoginBody,
    @Req() req: MemberRequest,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { user, device } = await this.accounts.login(body.email, body.password, {
      ip: req.ip,
      deviceToken: cookieOf(req, DEVICE_COOKIE),
      challenge: body.altcha,
      browser: this.browserToken(req, res),
    });
    if (device) setDeviceCookie(res, device.token, device.expiresAt, this.secure);
    await this.startSession(user.id, req, res);
    return this.present(user);
  }

  @Get('login-unlock.php')
  @Redirects(
    '/login?unlocked=1, or /login?unlocked=0 for an expired or used link; a staff account’s ' +
      'link to /admin/login?unlocked=1 or 0',
  )
  @ApiOperation({
    summary:
      'Link of the account-locked mail: trusts this browser for the account, then redirects to ' +
      'its sign-in: /login?unlocked=1 (or /login?unlocked=0 for an expired or used link), ' +
      '/admin/login?unlocked=1 (or 0) for a staff account',
  })
  async unlock(@Query() query: LinkQuery, @Res() res: Response) {
    const { device, staff } = await this.accounts.unlock(query.token);
    if (device) setDeviceCookie(res, device.token, device.expiresAt, this.secure);
    res.redirect(302, `${staff ? '/admin/login' : '/login'}?unlocked=${device ? 1 : 0}`);
  }

  @Post('signup.php')
  @RateLimit('signup')
  @Returns(LoggedInResponseDto, 201)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary: 'Creates an account (not_confirmed), logs it in, queues the activation mail',
  })
  async signup(
    @Body() body: SignupBody,
    @Req() req: MemberRequest,
    @Res({ passthrough: true }) res: Response,
  ) {
    const user = await this.signups.signup(body, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
      language: requestLanguage(req),
      domain: req.hostname,
      browser: this.browserToken(req, res),
    });
    await this.startSession(user.id, req, res);
    return this.present(user);
  }

  @Get('activate.php')
  @Redirects('/activate/done, or /activate/error')
  @ApiOperation({
    summary: 'Activation link target: redirects to /activate/done or /activate/error',
  })
  async activate(@Query() query: LinkQuery, @Res() res: Response) {
    const ok = await this.accounts.activate(query.token);
    res.redirect(302, ok ? '/activate/done' : '/activate/error');
  }

  @Post('activation-mail.php')
  @RateLimit('activation_mail')
  @Idempotent()
  @Returns(EmailResponseDto)
  @UseGuards(AuthGuard)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Resends the activation mail, optionally to a corrected address' })
  async resendActivation(
    @CurrentSession() session: CurrentSessionData,
    @Body() body: ActivationMailBody,
  ) {
    return { email: await this.accounts.resendActivation(session.userId, body.email) };
  }

  @Get('user.php')
  @Returns(UserResponseDto)
  @ApiOperation({ summary: 'The logged-in member, or {"user": null} for a visitor' })
  async current(@CurrentSession() session: CurrentSessionData | undefined) {
    if (!session) return { user: null };
    return this.present(session.user);
  }

  @Put('user.php')
  @Returns(LoggedInResponseDto)
  @UseGuards(AuthGuard)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: "Sets the member's language" })
  async update(@CurrentSession() session: CurrentSessionData, @Body() body: UpdateUserBody) {
    return this.present(await this.accounts.setLanguage(session.userId, body.language));
  }

  @Get('logout.php')
  @Returns(OkResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary:
      'Ends the session and clears its cookie. Needs X-Request-Type: client (a GET, as the ' +
      'spec has it, but a cross-site link or image cannot log a member out)',
  })
  async logout(
    @CurrentSession() session: CurrentSessionData | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (req.headers[REQUEST_TYPE_HEADER] !== REQUEST_TYPE_CLIENT) {
      throw new AppError('invalid_request_type');
    }
    if (session) await this.sessions.end(session.id);
    clearSessionCookie(res, this.secure);
    return { ok: true };
  }
}
