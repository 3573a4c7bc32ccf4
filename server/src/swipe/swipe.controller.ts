import { Body, Controller, Get, Post, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { viewerOf } from '../member-access';
import { Returns } from '../common/responses';
import { SwipeBody, SwipeDecisionResponseDto, SwipeResponseDto } from './swipe.dto';
import { SwipeService } from './swipe.service';

@ApiTags('swipe')
@Controller('api')
@UseGuards(AuthGuard)
export class SwipeController {
  constructor(private readonly swipe: SwipeService) {}

  @Get('swipe.php')
  @Returns(SwipeResponseDto)
  @ApiOperation({
    summary: 'The swipe game: up to 10 undecided candidates and today’s likes left',
  })
  candidates(@CurrentSession() session: CurrentSessionData) {
    return this.swipe.candidates(viewerOf(session));
  }

  @Post('swipe.php')
  @Returns(SwipeDecisionResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary:
      'Likes or passes a candidate (idempotent per member); a like beyond today’s limit ' +
      '(Amsterdam days) is 429 swipe_limit_reached',
  })
  decide(@CurrentSession() session: CurrentSessionData, @Body() body: SwipeBody) {
    return this.swipe.decide(viewerOf(session), body.member, body.choice);
  }
}
