import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { AccountsModule } from '../accounts/accounts.module';
import { DeletionController } from './deletion.controller';
import { DeletionService } from './deletion.service';
import { PurgeProcessor } from './purge.processor';

@Module({
  imports: [MailModule, AccountsModule],
  controllers: [DeletionController],
  providers: [DeletionService, PurgeProcessor],
  exports: [DeletionService, PurgeProcessor],
})
export class DeletionModule {}
