import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  affiliateNetworkIdParam,
  affiliateNetworkInput,
  affiliateNetworkResponse,
  affiliateNetworksResponse,
  postbackLogQuery,
  postbackLogResponse,
  trafficQuery,
  trafficResponse,
} from '@app/contract';
import { createZodDto } from '../common/zod-dto';
import { OkResponseDto, Returns } from '../common/responses';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { AffiliateNetworks } from './affiliate-networks.service';
import { TrafficReport } from './traffic-report.service';

class TrafficQueryDto extends createZodDto(trafficQuery) {}
class TrafficResponseDto extends createZodDto(trafficResponse) {}
class NetworkInputBody extends createZodDto(affiliateNetworkInput) {}
class NetworkIdParam extends createZodDto(affiliateNetworkIdParam) {}
class NetworksResponseDto extends createZodDto(affiliateNetworksResponse) {}
class NetworkResponseDto extends createZodDto(affiliateNetworkResponse) {}
class PostbackLogQueryDto extends createZodDto(postbackLogQuery) {}
class PostbackLogResponseDto extends createZodDto(postbackLogResponse) {}

/** Admins: which traffic pays (the report and its CSV) and the affiliate networks' postbacks. */
@ApiTags('staff')
@Controller('api/staff/traffic')
export class TrafficController {
  constructor(
    private readonly report: TrafficReport,
    private readonly networks: AffiliateNetworks,
  ) {}

  @Get()
  @Staff('admin')
  @Returns(TrafficResponseDto)
  @ApiOperation({
    summary:
      'Admin: the traffic report per day (Europe/Amsterdam) and source (network, ref, sub1-3, ' +
      'lander, slug): visits, bounces, signups, activations, first purchases, revenue and ' +
      'revenue per signup; filters, grouped by group_by',
  })
  read(@Query() query: TrafficQueryDto) {
    return this.report.read(query);
  }

  @Get('report.csv')
  @Staff('admin')
  @ApiOkResponse({
    description: 'The traffic report as CSV: one line per day and source',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiOperation({ summary: 'Admin: the traffic report of the range and filters as CSV' })
  async csv(@Query() query: TrafficQueryDto, @Req() req: Request) {
    const { name, body } = await this.report.csv(query);
    req.res?.setHeader('Content-Type', 'text/csv; charset=utf-8');
    req.res?.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    return body;
  }

  @Get('networks')
  @Staff('admin')
  @Returns(NetworksResponseDto)
  @ApiOperation({ summary: "Admin: the affiliate networks' postback settings" })
  async list() {
    return { networks: await this.networks.list() };
  }

  @Post('networks')
  @Staff('admin')
  @Returns(NetworkResponseDto, 201)
  @ApiOperation({
    summary:
      "Admin: a network's postback (URL template with macros, http(s), the host fixed); audited",
  })
  async create(
    @Body() body: NetworkInputBody,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return { network: await this.networks.create(staff, body, req.ip) };
  }

  @Put('networks/:id')
  @Staff('admin')
  @Returns(NetworkResponseDto)
  @ApiOperation({ summary: "Admin: change a network's postback; audited with before and after" })
  async update(
    @Param() params: NetworkIdParam,
    @Body() body: NetworkInputBody,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return { network: await this.networks.update(staff, params.id, body, req.ip) };
  }

  @Delete('networks/:id')
  @Staff('admin')
  @Returns(OkResponseDto)
  @ApiOperation({ summary: "Admin: remove a network's postback; audited" })
  remove(
    @Param() params: NetworkIdParam,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.networks.remove(staff, params.id, req.ip);
  }

  @Get('postbacks')
  @Staff('admin')
  @Returns(PostbackLogResponseDto)
  @ApiOperation({
    summary: 'Admin: the postback log, newest first (status, attempts, last response code)',
  })
  postbacks(@Query() query: PostbackLogQueryDto) {
    return this.networks.log(query);
  }
}
