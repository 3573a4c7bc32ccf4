import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { SettingsService } from './settings.service';
import { RegionsQuery, SettingsQuery } from './settings.dto';

@ApiTags('settings')
@Controller('api')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get('settings.php')
  @ApiOperation({
    summary: 'Site settings; forced_domain (the browser host) picks domain_language',
  })
  get(@Query() query: SettingsQuery, @Req() req: Request) {
    return this.settings.publicSettings(query, {
      host: req.hostname,
      geoipHeader: headerValue(req, 'cf-ipcountry') ?? headerValue(req, 'x-geoip-country'),
    });
  }

  @Get('interests.php')
  @ApiOperation({ summary: 'All interests (names are translated by the client: interests.<slug>)' })
  async interests() {
    return { interests: await this.settings.interests() };
  }

  @Get('regions.php')
  @ApiOperation({ summary: 'Supported countries with their region label and regions' })
  async regions(@Query() query: RegionsQuery) {
    return { countries: await this.settings.regions(query.country) };
  }

  @Get('companyinfo.php')
  @ApiOperation({ summary: 'Company details for the footer, terms and deletion offer' })
  async companyInfo() {
    return { companyinfo: await this.settings.companyInfo() };
  }
}

function headerValue(req: Request, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
