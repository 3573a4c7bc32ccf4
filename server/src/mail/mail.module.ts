import { Module } from '@nestjs/common';
import { MailService } from './mail.service';
import { MailQueue } from './mail.jobs';
import { DevOutboxController } from './dev-outbox.controller';

@Module({
  controllers: [DevOutboxController],
  providers: [MailService, MailQueue],
  exports: [MailService, MailQueue],
})
export class MailModule {}
