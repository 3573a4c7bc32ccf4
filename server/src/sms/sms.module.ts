import { Global, Module } from '@nestjs/common';
import { DevSmsOutboxController } from './dev-sms-outbox.controller';
import { SmsService } from './sms.service';

@Global()
@Module({
  controllers: [DevSmsOutboxController],
  providers: [SmsService],
  exports: [SmsService],
})
export class SmsModule {}
