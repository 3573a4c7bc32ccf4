import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentSession, Roles, type CurrentSessionData } from '../auth';
import { Returns } from '../common/responses';
import { Idempotent, IdempotencyKey } from '../idempotency';
import { viewerOf } from '../member-access';
import { OperatorQueueResponseDto, OperatorReplyBody, OperatorReplyResponseDto } from './chats.dto';
import { OperatorService } from './operator.service';
import { SendsService } from './sends.service';

@ApiTags('operator')
@Controller('api')
export class OperatorController {
  constructor(
    private readonly operator: OperatorService,
    private readonly sends: SendsService,
  ) {}

  @Get('operator-queue.php')
  @Roles('operator', 'admin')
  @Returns(OperatorQueueResponseDto)
  @ApiOperation({
    summary: 'Staff: conversations with a chat pal waiting for a reply, oldest first',
  })
  queue(@CurrentSession() session: CurrentSessionData) {
    return this.operator.queue(viewerOf(session));
  }

  @Post('operator-reply.php')
  @Roles('operator', 'admin')
  @Idempotent({ required: true })
  @Returns(OperatorReplyResponseDto, 201)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Staff: a reply as the chat pal of a conversation (free of credits)' })
  reply(
    @CurrentSession() session: CurrentSessionData,
    @Body() body: OperatorReplyBody,
    @IdempotencyKey() key: string,
  ) {
    return this.sends.operatorReply(viewerOf(session), body.conversation, body.text, key);
  }
}
