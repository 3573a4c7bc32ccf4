import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from '../common/zod-dto';
import { RateLimit } from '../common/rate-limit.guard';
import { AllowExternalCaller } from '../common/request-type.guard';
import { OkResponseDto, Returns } from '../common/responses';
import { MailgunEvents, mailgunEventRequest } from './mailgun-events';

class MailgunEventBody extends createZodDto(mailgunEventRequest) {}

@ApiTags('members')
@Controller('api')
export class MailgunWebhookController {
  constructor(private readonly events: MailgunEvents) {}

  @Post('mail-events.php')
  @AllowExternalCaller()
  @RateLimit('mail_webhooks')
  @HttpCode(200)
  @Returns(OkResponseDto)
  @ApiOperation({
    summary:
      'Mailgun webhook (bounces, spam complaints): signed with the webhook signing key; a ' +
      'permanent failure turns e-mail notifications off (bounce), a complaint too (fbl). An ' +
      'unsigned, stale or replayed call is answered 403; an unknown address 200',
  })
  async event(@Body() body: MailgunEventBody) {
    await this.events.handle(body);
    return { ok: true as const };
  }
}
