import { Body, Controller, Delete, Get, Post, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { viewerOf } from '../member-access';
import { RateLimit } from '../common/rate-limit.guard';
import { Returns } from '../common/responses';
import { AutoLikeResponseDto, LikeBody, LikeResponseDto, LikesResponseDto } from './likes.dto';
import { LikesService } from './likes.service';

@ApiTags('likes')
@Controller('api')
@UseGuards(AuthGuard)
export class LikesController {
  constructor(private readonly likes: LikesService) {}

  @Post('like.php')
  @RateLimit('likes_minute', 'likes_day')
  @Returns(LikeResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary:
      'Likes a member (idempotent); match when they like the caller too; 429 rate_limited past ' +
      'RATE_LIMIT_LIKES_PER_MINUTE or RATE_LIMIT_LIKES_PER_DAY',
  })
  like(@CurrentSession() session: CurrentSessionData, @Body() body: LikeBody) {
    return this.likes.like(viewerOf(session), body.member);
  }

  @Delete('like.php')
  @Returns(LikeResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Removes the caller’s like of a member (idempotent)' })
  unlike(@CurrentSession() session: CurrentSessionData, @Body() body: LikeBody) {
    return this.likes.unlike(viewerOf(session), body.member);
  }

  @Get('likes.php')
  @Returns(LikesResponseDto)
  @ApiOperation({
    summary: 'The caller’s likes: given (newest first), received (new first), their cards',
  })
  list(@CurrentSession() session: CurrentSessionData) {
    return this.likes.list(viewerOf(session));
  }

  @Get('auto-like.php')
  @Returns(AutoLikeResponseDto)
  @ApiOperation({ summary: 'The newest new like the caller received, for the match modal' })
  autoLike(@CurrentSession() session: CurrentSessionData) {
    return this.likes.autoLike(viewerOf(session));
  }
}
