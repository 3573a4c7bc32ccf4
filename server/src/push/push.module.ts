import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { SettingsModule } from '../settings';
import { PushChannel } from './push.channel';
import { PushController } from './push.controller';
import { PushSender } from './push-sender';
import { PushSubscriptions } from './push-subscriptions.service';

/**
 * Web push (issue 20): the app stores members' subscriptions (PushController); in the worker,
 * PushChannel sends new messages, conversations and likes to them through PushSender.
 */
@Module({
  imports: [MemberAccessModule, SettingsModule],
  controllers: [PushController],
  providers: [PushSubscriptions, PushSender, PushChannel],
  exports: [PushSubscriptions],
})
export class PushModule {}
