import { Body, Controller, Delete, Post, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { OkResponseDto, Returns } from '../common/responses';
import { RateLimit } from '../common/rate-limit.guard';
import { PushSubscriptionBody, PushUnsubscribeBody } from './push.dto';
import { PUSH_SUBSCRIPTION_ROUTE } from './push-route';
import { PushSubscriptions } from './push-subscriptions.service';

@ApiTags('push')
@Controller('api')
@UseGuards(AuthGuard)
export class PushController {
  constructor(private readonly subscriptions: PushSubscriptions) {}

  @Post(PUSH_SUBSCRIPTION_ROUTE)
  @RateLimit('push_subscriptions')
  @Returns(OkResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary:
      'POST /api/user.php?push=1 (rewritten to this path): stores this browser’s push ' +
      'subscription for the member. 400 push_endpoint_refused (not a known push service), ' +
      '422 push_unavailable (the site has no VAPID keys)',
  })
  async subscribe(
    @CurrentSession() session: CurrentSessionData,
    @Body() body: PushSubscriptionBody,
  ) {
    await this.subscriptions.subscribe({ userId: session.userId, sessionId: session.id }, body);
    return { ok: true } as const;
  }

  @Delete(PUSH_SUBSCRIPTION_ROUTE)
  @RateLimit('push_subscriptions')
  @Returns(OkResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary:
      'DELETE /api/user.php?push=1 (rewritten to this path): this browser stops receiving the ' +
      'member’s pushes (idempotent)',
  })
  async unsubscribe(
    @CurrentSession() session: CurrentSessionData,
    @Body() body: PushUnsubscribeBody,
  ) {
    await this.subscriptions.unsubscribe(session.userId, body.endpoint);
    return { ok: true } as const;
  }
}
