import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { SettingsService } from './settings.service';
import {
  CompanyInfoResponseDto,
  InterestsResponseDto,
  RegionsQuery,
  RegionsResponseDto,
  SettingsQuery,
  SettingsResponseDto,
} from './settings.dto';
import { Returns } from '../common/responses';
import { VisitorCountry } from '../visitor-country';

@ApiTags('settings')
@Controller('api')
export class SettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly visitorCountry: VisitorCountry,
  ) {}

  @Get('settings.php')
  @Returns(SettingsResponseDto)
  @ApiOperation({
    summary: 'Site settings; forced_domain (the browser host) picks domain_language',
  })
  get(@Query() query: SettingsQuery, @Req() req: Request) {
    return this.settings.publicSettings(query, {
      host: req.hostname,
      country: this.visitorCountry.of(req),
    });
  }

  @Get('interests.php')
  @Returns(InterestsResponseDto)
  @ApiOperation({ summary: 'All interests (names are translated by the client: interests.<slug>)' })
  async interests() {
    return { interests: await this.settings.interests() };
  }

  @Get('regions.php')
  @Returns(RegionsResponseDto)
  @ApiOperation({ summary: 'Supported countries with their region label and regions' })
  async regions(@Query() query: RegionsQuery) {
    return { countries: await this.settings.regions(query.country) };
  }

  @Get('companyinfo.php')
  @Returns(CompanyInfoResponseDto)
  @ApiOperation({ summary: 'Company details for the footer, terms and deletion offer' })
  async companyInfo() {
    return { companyinfo: await this.settings.companyInfo() };
  }
}
