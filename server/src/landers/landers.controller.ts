import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RateLimit } from '../common/rate-limit.guard';
import { Returns } from '../common/responses';
import { LandersQueryDto, LandersResponseDto } from './landers.dto';
import { LandersService } from './landers.service';

@ApiTags('members')
@Controller('api')
export class LandersController {
  constructor(private readonly landers: LandersService) {}

  @Get('landers.php')
  @Returns(LandersResponseDto)
  @RateLimit('visitor_profiles', 'member_profiles')
  @ApiOperation({
    summary:
      'Members for the landing pages (visitors): a few visible members, photos first, and with ' +
      '`member` that member (null when visitors may not see them); shared for 30 seconds',
  })
  showcase(@Query() query: LandersQueryDto) {
    return this.landers.showcase(query);
  }
}
