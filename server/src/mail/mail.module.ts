import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings';
import { MailService } from './mail.service';
import { MailOutbox } from './mail-outbox.service';
import { MailDelivery } from './mail-delivery.service';
import { MailProcessor } from './mail.processor';
import { DevOutboxController } from './dev-outbox.controller';
import { LinkHousekeepingTask } from './link-housekeeping.task';
import { MailPurge } from './mail.purge';
import { MailExport } from './mail.export';
import { UnsubscribeTokens } from './unsubscribe-tokens';

@Module({
  imports: [SettingsModule],
  controllers: [DevOutboxController],
  providers: [
    MailService,
    MailOutbox,
    MailDelivery,
    MailProcessor,
    LinkHousekeepingTask,
    MailPurge,
    MailExport,
    UnsubscribeTokens,
  ],
  exports: [MailService, MailOutbox, MailDelivery, MailProcessor, UnsubscribeTokens],
})
export class MailModule {}
