import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentSession, type CurrentSessionData } from '../auth';
import { viewerOf } from '../member-access';
import { RateLimit } from '../common/rate-limit.guard';
import { Returns } from '../common/responses';
import { SearchQueryDto, SearchResponseDto } from './search.dto';
import { SearchService } from './search.service';

@ApiTags('members')
@Controller('api')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get('search.php')
  @Returns(SearchResponseDto)
  @RateLimit('visitor_profiles', 'member_profiles')
  @ApiOperation({
    summary:
      'Member search, a page at a time (cursor); visitors only when the settings allow it ' +
      '(403 search_login_required)',
  })
  run(@Query() query: SearchQueryDto, @CurrentSession() session?: CurrentSessionData) {
    return this.search.search(viewerOf(session), query);
  }
}
