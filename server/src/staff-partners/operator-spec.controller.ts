import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Returns } from '../common/responses';
import { Idempotent, IdempotencyKey } from '../idempotency';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { InboxService } from './inbox.service';
import {
  OperatorQueueResponseDto,
  OperatorReplyBody,
  OperatorReplyResponseDto,
} from './staff-partners.dto';

/**
 * The first operator routes (operator-queue.php, operator-reply.php), kept for their callers as
 * thin adapters over the console's inbox (deprecated in the OpenAPI document; the console uses
 * /api/staff/inbox): the same page, hold, send path, audit row and idempotency as the console.
 */
@ApiTags('operator')
@Controller('api')
export class OperatorSpecController {
  constructor(private readonly inbox: InboxService) {}

  @Get('operator-queue.php')
  @Staff('operator')
  @Returns(OperatorQueueResponseDto)
  @ApiOperation({
    summary: 'Staff: conversations with a chat pal waiting for a reply, oldest first',
    description: 'Deprecated: the inbox’s first page (GET /api/staff/inbox) in the first shape.',
    deprecated: true,
  })
  queue(@CurrentStaff() staff: StaffPrincipal) {
    return this.inbox.operatorQueue(staff);
  }

  @Post('operator-reply.php')
  @Staff('operator')
  @Idempotent({ required: true, keptByHandler: true })
  @Returns(OperatorReplyResponseDto, 201)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary: 'Staff: a reply as the chat pal of a conversation (free of credits)',
    description: 'Deprecated: the inbox’s reply (POST /api/staff/inbox/{id}/reply).',
    deprecated: true,
  })
  reply(
    @CurrentStaff() staff: StaffPrincipal,
    @Body() body: OperatorReplyBody,
    @IdempotencyKey() key: string,
  ) {
    return this.inbox.reply(staff, body.conversation, body.text, key);
  }
}
