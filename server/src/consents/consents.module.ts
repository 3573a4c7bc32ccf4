import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings';
import { AuthModule } from '../auth';
import { ConsentsController } from './consents.controller';
import { ConsentsPurge } from './consents.purge';
import { ConsentsExport } from './consents.export';
import { ConsentsService } from './consents.service';

/** The consent log: legal documents accepted (signup, re-acceptance), partner sharing. */
@Module({
  imports: [SettingsModule, AuthModule],
  controllers: [ConsentsController],
  providers: [ConsentsService, ConsentsPurge, ConsentsExport],
  exports: [ConsentsService],
})
export class ConsentsModule {}
