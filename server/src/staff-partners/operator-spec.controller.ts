import { Body, Controller, Post } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Returns } from '../common/responses';
import { Idempotent, IdempotencyKey } from '../idempotency';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { InboxService } from './inbox.service';
import { OperatorReplyBody, OperatorReplyResponseDto } from './staff-partners.dto';

/**
 * The spec's operator routes (SPEC's operator-reply.php), kept for their callers as thin adapters
 * over the console's inbox: the same hold, send path, audit row and idempotency as the console.
 */
@ApiTags('operator')
@Controller('api')
export class OperatorSpecController {
  constructor(private readonly inbox: InboxService) {}

  @Post('operator-reply.php')
  @Staff('operator')
  @Idempotent({ required: true, keptByHandler: true })
  @Returns(OperatorReplyResponseDto, 201)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Staff: a reply as the chat pal of a conversation (free of credits)' })
  reply(
    @CurrentStaff() staff: StaffPrincipal,
    @Body() body: OperatorReplyBody,
    @IdempotencyKey() key: string,
  ) {
    return this.inbox.reply(staff, body.conversation, body.text, key);
  }
}
