import { Body, Controller, Get, Param, Patch, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { createZodDto } from '../common/zod-dto';
import {
  catalogueIdParam,
  packageChangeBody,
  packageCreateBody,
  staffPackageResponse,
  staffPackagesResponse,
} from '@app/contract';
import { Returns } from '../common/responses';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { PackagesAdmin } from './packages-admin.service';

class IdParam extends createZodDto(catalogueIdParam) {}
class PackageCreateBody extends createZodDto(packageCreateBody) {}
class PackageChangeBody extends createZodDto(packageChangeBody) {}
class StaffPackagesResponseDto extends createZodDto(staffPackagesResponse) {}
class StaffPackageResponseDto extends createZodDto(staffPackageResponse) {}

/** Admins: credit packages per currency. */
@ApiTags('staff')
@Controller('api/staff/catalogue/packages')
export class PackagesAdminController {
  constructor(private readonly packages: PackagesAdmin) {}

  @Get()
  @Staff('admin')
  @Returns(StaffPackagesResponseDto)
  @ApiOperation({ summary: 'Admin: every credit package (active first) with its prices' })
  list() {
    return this.packages.list();
  }

  @Post()
  @Staff('admin')
  @Returns(StaffPackageResponseDto, 201)
  @ApiOperation({
    summary: 'Admin: make a package (409 code_taken, 422 package_below_minimum); audited',
  })
  create(
    @Body() body: PackageCreateBody,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.packages.create(staff, body, req.ip);
  }

  @Patch(':id')
  @Staff('admin')
  @Returns(StaffPackageResponseDto)
  @ApiOperation({
    summary:
      'Admin: change a package; new credits or prices of a package payments refer to make a ' +
      'new version (the answer), the old one deactivated; audited',
  })
  change(
    @Param() params: IdParam,
    @Body() body: PackageChangeBody,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.packages.change(staff, params.id, body, req.ip);
  }
}
