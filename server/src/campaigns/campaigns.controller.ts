import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  campaignAudienceSizeBody,
  campaignAudienceSizeResponse,
  campaignBody,
  campaignIdParam,
  campaignPreviewBody,
  campaignPreviewResponse,
  campaignScheduleBody,
  campaignTestBody,
  campaignTestResponse,
  staffCampaignResponse,
  staffCampaignsResponse,
} from '@app/contract';
import { Returns } from '../common/responses';
import { createZodDto } from '../common/zod-dto';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { CampaignsService } from './campaigns.service';

class IdParam extends createZodDto(campaignIdParam) {}
class CampaignBodyDto extends createZodDto(campaignBody) {}
class ScheduleBody extends createZodDto(campaignScheduleBody) {}
class PreviewBody extends createZodDto(campaignPreviewBody) {}
class TestBody extends createZodDto(campaignTestBody) {}
class AudienceSizeBody extends createZodDto(campaignAudienceSizeBody) {}
class CampaignResponseDto extends createZodDto(staffCampaignResponse) {}
class CampaignsResponseDto extends createZodDto(staffCampaignsResponse) {}
class PreviewResponseDto extends createZodDto(campaignPreviewResponse) {}
class TestResponseDto extends createZodDto(campaignTestResponse) {}
class AudienceSizeResponseDto extends createZodDto(campaignAudienceSizeResponse) {}

/** Admins: campaigns (mails to an audience that consented), written, tried, scheduled. */
@ApiTags('staff')
@Controller('api/staff/campaigns')
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Get()
  @Staff('admin')
  @Returns(CampaignsResponseDto)
  @ApiOperation({ summary: 'Admin: campaigns, newest first, with their counts' })
  list() {
    return this.campaigns.list();
  }

  @Post()
  @Staff('admin')
  @Returns(CampaignResponseDto, 201)
  @ApiOperation({ summary: 'Admin: write a campaign (a draft); audited' })
  create(
    @Body() body: CampaignBodyDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.campaigns.create(staff, body, req.ip);
  }

  @Post('preview')
  @Staff('admin')
  @HttpCode(200)
  @Returns(PreviewResponseDto)
  @ApiOperation({ summary: 'Admin: one language’s campaign mail as members get it (HTML, text)' })
  preview(@Body() body: PreviewBody) {
    return this.campaigns.preview(body);
  }

  @Post('audience-size')
  @Staff('admin')
  @HttpCode(200)
  @Returns(AudienceSizeResponseDto)
  @ApiOperation({ summary: 'Admin: how many members an audience has now (with its consent)' })
  audienceSize(@Body() body: AudienceSizeBody) {
    return this.campaigns.audienceSize(body.consent, body.audience);
  }

  @Get(':id')
  @Staff('admin')
  @Returns(CampaignResponseDto)
  @ApiOperation({ summary: 'Admin: one campaign with its counts (404 campaign_not_found)' })
  get(@Param() params: IdParam) {
    return this.campaigns.get(params.id);
  }

  @Put(':id')
  @Staff('admin')
  @Returns(CampaignResponseDto)
  @ApiOperation({ summary: 'Admin: change a draft (409 campaign_not_editable); audited' })
  change(
    @Param() params: IdParam,
    @Body() body: CampaignBodyDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.campaigns.change(staff, params.id, body, req.ip);
  }

  @Post(':id/test')
  @Staff('admin')
  @HttpCode(200)
  @Returns(TestResponseDto)
  @ApiOperation({ summary: 'Admin: send the campaign in one language to my own address; audited' })
  test(
    @Param() params: IdParam,
    @Body() body: TestBody,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.campaigns.testSend(staff, params.id, body.language, req.ip);
  }

  @Post(':id/schedule')
  @Staff('admin')
  @HttpCode(200)
  @Returns(CampaignResponseDto)
  @ApiOperation({
    summary: 'Admin: schedule a draft; the worker sends it from then on, throttled; audited',
  })
  schedule(
    @Param() params: IdParam,
    @Body() body: ScheduleBody,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.campaigns.schedule(staff, params.id, new Date(body.at), req.ip);
  }

  @Post(':id/cancel')
  @Staff('admin')
  @HttpCode(200)
  @Returns(CampaignResponseDto)
  @ApiOperation({ summary: 'Admin: cancel a campaign not yet sent; unsent mails dropped; audited' })
  cancel(@Param() params: IdParam, @CurrentStaff() staff: StaffPrincipal, @Req() req: Request) {
    return this.campaigns.cancel(staff, params.id, req.ip);
  }
}
