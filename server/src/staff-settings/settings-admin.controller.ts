import { Body, Controller, Get, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from '../common/zod-dto';
import {
  companyInfoValues,
  settingsChangeBody,
  staffCompanyInfoResponse,
  staffSettingsResponse,
} from '@app/contract';
import { Returns } from '../common/responses';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { SettingsAdmin } from './settings-admin.service';

class SettingsChangeBody extends createZodDto(settingsChangeBody) {}
class StaffSettingsResponseDto extends createZodDto(staffSettingsResponse) {}
class CompanyInfoBody extends createZodDto(companyInfoValues) {}
class StaffCompanyInfoResponseDto extends createZodDto(staffCompanyInfoResponse) {}

/** Admins: the site's settings (SPEC point 3) and company info. */
@ApiTags('staff')
@Controller('api/staff')
export class SettingsAdminController {
  constructor(private readonly admin: SettingsAdmin) {}

  @Get('settings')
  @Staff('admin')
  @Returns(StaffSettingsResponseDto)
  @ApiOperation({ summary: 'Admin: every setting of the site with its value now' })
  async settings() {
    return { settings: await this.admin.values() };
  }

  @Put('settings')
  @Staff('admin')
  @Returns(StaffSettingsResponseDto)
  @ApiOperation({
    summary:
      'Admin: change some settings (validated by the settings schema); audited with before and ' +
      'after; every process serves the new values within a second',
  })
  change(
    @Body() body: SettingsChangeBody,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.admin.change(staff, body, req.ip);
  }

  @Get('catalogue/company')
  @Staff('admin')
  @Returns(StaffCompanyInfoResponseDto)
  @ApiOperation({ summary: 'Admin: the company details (footer, terms, deletion offer)' })
  companyInfo() {
    return this.admin.companyInfo();
  }

  @Put('catalogue/company')
  @Staff('admin')
  @Returns(StaffCompanyInfoResponseDto)
  @ApiOperation({ summary: 'Admin: change the company details; audited with before and after' })
  changeCompanyInfo(
    @Body() body: CompanyInfoBody,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.admin.changeCompanyInfo(staff, body, req.ip);
  }
}
