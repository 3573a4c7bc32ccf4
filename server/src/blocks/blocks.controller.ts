import { Body, Controller, Delete, Get, Post, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { viewerOf } from '../member-access';
import { OkResponseDto, Returns } from '../common/responses';
import { BlockBody, BlocksResponseDto } from './blocks.dto';
import { BlocksService } from './blocks.service';

@ApiTags('safety')
@Controller('api')
@UseGuards(AuthGuard)
export class BlocksController {
  constructor(private readonly blocks: BlocksService) {}

  @Post('block.php')
  @Returns(OkResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Blocks a member: they can no longer see or contact the caller' })
  async block(@CurrentSession() session: CurrentSessionData, @Body() body: BlockBody) {
    await this.blocks.block(viewerOf(session), body.member);
    return { ok: true as const };
  }

  @Delete('block.php')
  @Returns(OkResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Lifts a block the caller made' })
  async unblock(@CurrentSession() session: CurrentSessionData, @Body() body: BlockBody) {
    await this.blocks.unblock(viewerOf(session), body.member);
    return { ok: true as const };
  }

  @Get('blocks.php')
  @Returns(BlocksResponseDto)
  @ApiOperation({ summary: 'The members the caller blocked, newest first' })
  list(@CurrentSession() session: CurrentSessionData) {
    return this.blocks.list(viewerOf(session));
  }
}
