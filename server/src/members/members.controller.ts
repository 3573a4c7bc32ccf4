import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { RateLimit } from '../common/rate-limit.guard';
import { viewerOf } from '../member-access';
import { MembersService } from './members.service';
import { MemberQuery, MemberResponseDto, SignupMatchesResponseDto } from './members.dto';
import { Returns } from '../common/responses';

@ApiTags('members')
@Controller('api')
export class MembersController {
  constructor(private readonly members: MembersService) {}

  @Get('member.php')
  @Returns(MemberResponseDto)
  @RateLimit('visitor_profiles', 'member_profiles')
  @ApiOperation({
    summary:
      "A member's profile page (visitors too): card, fields, the gallery as the caller may see " +
      'it (locked photos only as blurred thumbnails), relation and related profiles; 404 ' +
      'not_found when not visible to the caller',
  })
  member(@Query() query: MemberQuery, @CurrentSession() session?: CurrentSessionData) {
    return this.members.profile(viewerOf(session), query.id);
  }

  @Get('signup-matches.php')
  @Returns(SignupMatchesResponseDto)
  @UseGuards(AuthGuard)
  @ApiOperation({ summary: 'The first matches shown after signup' })
  async signupMatches(@CurrentSession() session: CurrentSessionData) {
    return {
      profiles: await this.members.signupMatches(viewerOf(session)),
    };
  }
}
