import { Body, Controller, Get, Put, Query, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { viewerOf } from '../member-access';
import { Returns } from '../common/responses';
import {
  VisitorSettingsBody,
  VisitorSettingsResponseDto,
  VisitorsQueryDto,
  VisitorsResponseDto,
} from './visitors.dto';
import { VisitsService } from './visits.service';

@ApiTags('visitors')
@Controller('api')
@UseGuards(AuthGuard)
export class VisitorsController {
  constructor(private readonly visits: VisitsService) {}

  @Get('visitors.php')
  @Returns(VisitorsResponseDto)
  @ApiOperation({
    summary:
      'Who viewed the caller’s profile, newest first, a page at a time: premium members get ' +
      'the cards, free members only the count and the times (no id, name or photo)',
  })
  list(@CurrentSession() session: CurrentSessionData, @Query() query: VisitorsQueryDto) {
    return this.visits.list(viewerOf(session), query.page);
  }

  @Get('visitor-settings.php')
  @Returns(VisitorSettingsResponseDto)
  @ApiOperation({ summary: 'Whether the caller browses without leaving visits' })
  readSettings(@CurrentSession() session: CurrentSessionData) {
    return this.visits.readSettings(viewerOf(session));
  }

  @Put('visitor-settings.php')
  @Returns(VisitorSettingsResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary: 'Browse without leaving visits (premium members; 403 premium_only to switch it on)',
  })
  settings(@CurrentSession() session: CurrentSessionData, @Body() body: VisitorSettingsBody) {
    return this.visits.setBrowseUnseen(viewerOf(session), body.browse_unseen);
  }
}
