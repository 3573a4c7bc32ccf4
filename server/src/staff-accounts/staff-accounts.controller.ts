import { Body, Controller, Get, HttpStatus, Param, Post, Put, Req } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Returns } from '../common/responses';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import {
  CreatedStaffAccountResponseDto,
  CreateStaffAccountBodyDto,
  StaffAccountActionBodyDto,
  StaffAccountParams,
  StaffAccountResponseDto,
  StaffAccountsResponseDto,
  StaffRolesBodyDto,
} from './staff-accounts.dto';
import { StaffAccounts } from './staff-accounts.service';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

/** Admins: the staff accounts (every change audited; the site always keeps an admin). */
@ApiTags('staff')
@Controller('api/staff/accounts')
export class StaffAccountsController {
  constructor(private readonly accounts: StaffAccounts) {}

  @Get()
  @Staff('admin')
  @Returns(StaffAccountsResponseDto)
  @ApiOperation({ summary: 'Admin: every staff account, enabled and disabled' })
  async list() {
    return { accounts: await this.accounts.list() };
  }

  @Post()
  @Staff('admin')
  @Returns(CreatedStaffAccountResponseDto, HttpStatus.CREATED)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      'Admin: creates a staff account with these roles and answers its password, this once ' +
      '(409 email_taken for an address that has an account)',
  })
  create(
    @Body() body: CreateStaffAccountBodyDto,
    @CurrentStaff() actor: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.accounts.create(body, { actor, ip: req.ip });
  }

  @Put(':id/roles')
  @Staff('admin')
  @Returns(StaffAccountResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      "Admin: sets a staff account's roles (its sessions end); 409 last_admin when no " +
      'enabled admin would remain',
  })
  setRoles(
    @Param() params: StaffAccountParams,
    @Body() body: StaffRolesBodyDto,
    @CurrentStaff() actor: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.accounts.setRoles(params.id, body.roles, body.reason, { actor, ip: req.ip });
  }

  @Post(':id/disable')
  @Staff('admin')
  @Returns(StaffAccountResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      'Admin: disables a staff account (its sessions end); 409 last_admin for the last admin',
  })
  disable(
    @Param() params: StaffAccountParams,
    @Body() body: StaffAccountActionBodyDto,
    @CurrentStaff() actor: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.accounts.disable(params.id, body.reason, { actor, ip: req.ip });
  }

  @Post(':id/enable')
  @Staff('admin')
  @Returns(StaffAccountResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Admin: enables a disabled staff account with the roles it had' })
  enable(
    @Param() params: StaffAccountParams,
    @Body() body: StaffAccountActionBodyDto,
    @CurrentStaff() actor: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.accounts.enable(params.id, body.reason, { actor, ip: req.ip });
  }

  @Post(':id/reset-second-factor')
  @Staff('admin')
  @Returns(StaffAccountResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      "Admin: removes a staff account's second factor and recovery codes and ends its " +
      'sessions; it enrolls again at the next sign-in',
  })
  resetSecondFactor(
    @Param() params: StaffAccountParams,
    @Body() body: StaffAccountActionBodyDto,
    @CurrentStaff() actor: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.accounts.resetSecondFactor(params.id, body.reason, { actor, ip: req.ip });
  }

  @Post(':id/unlock')
  @Staff('admin')
  @Returns(StaffAccountResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      "Admin: lifts a staff account's sign-in lock (too many wrong passwords or codes, typed " +
      'by anyone), for every browser; audited',
  })
  unlock(
    @Param() params: StaffAccountParams,
    @Body() body: StaffAccountActionBodyDto,
    @CurrentStaff() actor: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.accounts.unlockSignIn(params.id, body.reason, { actor, ip: req.ip });
  }
}
