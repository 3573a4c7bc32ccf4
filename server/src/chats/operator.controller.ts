import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Returns } from '../common/responses';
import { Idempotent, IdempotencyKey } from '../idempotency';
import { staffViewerOf } from '../member-access';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { OperatorQueueResponseDto, OperatorReplyBody, OperatorReplyResponseDto } from './chats.dto';
import { OperatorRepliesService } from './operator-replies.service';
import { OperatorService } from './operator.service';

@ApiTags('operator')
@Controller('api')
export class OperatorController {
  constructor(
    private readonly operator: OperatorService,
    private readonly replies: OperatorRepliesService,
  ) {}

  @Get('operator-queue.php')
  @Staff('operator')
  @Returns(OperatorQueueResponseDto)
  @ApiOperation({
    summary: 'Staff: conversations with a chat pal waiting for a reply, oldest first',
  })
  queue(@CurrentStaff() staff: StaffPrincipal) {
    return this.operator.queue(staffViewerOf(staff));
  }

  @Post('operator-reply.php')
  @Staff('operator')
  @Idempotent({ required: true })
  @Returns(OperatorReplyResponseDto, 201)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Staff: a reply as the chat pal of a conversation (free of credits)' })
  reply(
    @CurrentStaff() staff: StaffPrincipal,
    @Body() body: OperatorReplyBody,
    @IdempotencyKey() key: string,
  ) {
    return this.replies.reply(staffViewerOf(staff), body.conversation, body.text, key);
  }
}
