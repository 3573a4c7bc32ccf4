import { Body, Controller, Get, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { STAFF_COOKIE } from '@app/contract';
import { DEVICE_COOKIE, cookieOf, setDeviceCookie } from '../auth';
import { OkResponseDto, Returns } from '../common/responses';
import { RateLimit } from '../common/rate-limit.guard';
import { APP_CONFIG, secureCookies, type AppConfig } from '../config/config';
import { AuditLog } from './audit.service';
import { present, StaffAuth } from './staff-auth.service';
import {
  AuditQueryDto,
  AuditResponseDto,
  StaffCodeBody,
  StaffLoginBody,
  StaffLoginResponseDto,
  StaffMeResponseDto,
  StaffRecoveryCodesBody,
  StaffRecoveryCodesResponseDto,
  StaffSignedInResponseDto,
} from './staff.dto';
import { CurrentStaff, isBackground, Staff } from './staff.guard';
import { StaffSessions, type StaffPrincipal } from './staff-sessions.service';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

/** Staff sign-in (password, then the second factor), the signed-in staff member, the audit log. */
@ApiTags('staff')
@Controller('api/staff')
export class StaffAuthController {
  constructor(
    private readonly auth: StaffAuth,
    private readonly sessions: StaffSessions,
    private readonly audit: AuditLog,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get secure(): boolean {
    return secureCookies(this.config);
  }

  @Post('login')
  @Returns(StaffLoginResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      'Staff sign-in, step 1: e-mail and password of an account with a staff role (401 ' +
      'login_failed otherwise, 429 login_blocked; a browser that completed a sign-in before, or ' +
      'followed the lock mail, counts its own failures); answers a challenge for the second ' +
      'factor, with a new TOTP secret and its QR code when the account has none yet',
  })
  login(@Body() body: StaffLoginBody, @Req() req: Request) {
    return this.auth.password(body.email, body.password, {
      ip: req.ip,
      deviceToken: cookieOf(req, DEVICE_COOKIE),
    });
  }

  @Post('login-code')
  @RateLimit('staff_codes')
  @Returns(StaffSignedInResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      'Staff sign-in, step 2: the authenticator code (or a recovery code) for the challenge; ' +
      'sets the staff session cookie (and trusts this browser: the `device` cookie). At ' +
      'enrollment the answer carries the recovery codes, once. 409 ' +
      'staff_second_factor_unreadable when the stored secret cannot be decrypted any more',
  })
  async code(
    @Body() body: StaffCodeBody,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const signedIn = await this.auth.code(body.challenge, body.code, {
      ip: req.ip,
      userAgent: req.headers['user-agent'],
      deviceToken: cookieOf(req, DEVICE_COOKIE),
    });
    res.cookie(STAFF_COOKIE, signedIn.session.token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
      expires: signedIn.session.expiresAt,
      path: '/',
    });
    if (signedIn.device) {
      setDeviceCookie(res, signedIn.device.token, signedIn.device.expiresAt, this.secure);
    }
    return { staff: signedIn.staff, recovery_codes: signedIn.recoveryCodes };
  }

  @Get('me')
  @Returns(StaffMeResponseDto)
  @ApiOperation({
    summary: 'The signed-in staff member and their unused recovery codes, or {"staff": null}',
  })
  async me(@Req() req: Request) {
    const staff = await this.sessions.resolve(cookieOf(req, STAFF_COOKIE), {
      background: isBackground(req),
    });
    if (!staff) return { staff: null };
    return {
      staff: present({
        id: staff.userId,
        email: staff.email,
        roles: staff.roles,
        profile: staff.name === null ? null : { name: staff.name },
      }),
      recovery_codes_left: await this.auth.recoveryCodesLeft(staff.userId),
    };
  }

  @Post('recovery-codes')
  @Staff('moderator', 'operator')
  @RateLimit('staff_codes')
  @Returns(StaffRecoveryCodesResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      'New recovery codes for the signed-in staff member, confirmed with a code of the ' +
      'authenticator app (401 staff_code_invalid); the old ones stop working. Shown once',
  })
  async recoveryCodes(
    @Body() body: StaffRecoveryCodesBody,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return { recovery_codes: await this.auth.renewRecoveryCodes(staff, body.code, req.ip) };
  }

  @Post('logout')
  @Staff('moderator', 'operator')
  @Returns(OkResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Ends the staff session and clears its cookie' })
  async logout(
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.auth.signOut(staff, req.ip);
    res.clearCookie(STAFF_COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
    });
    return { ok: true as const };
  }

  @Get('audit')
  @Staff('admin')
  @Returns(AuditResponseDto)
  @ApiOperation({
    summary: 'Admin: the audit log of staff actions, newest first, by action, actor or member',
  })
  auditLog(@Query() query: AuditQueryDto) {
    return this.audit.page(query);
  }
}
