import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { PhotoProcessingModule } from '../photos';
import { StatementWriterModule } from '../statement-writer';
import { Selfies } from './selfies';
import { VerificationController, VerificationDeskController } from './verification.controller';
import { VerificationDesk } from './verification-desk.service';
import { VerificationExpiryTask } from './verification-expiry.task';
import { VerificationPurge } from './verification.purge';
import { VerificationExport } from './verification.export';
import { VerificationService } from './verification.service';

/** The verified badge: the member's request and selfie, the moderators' desk, expiry, purge. */
@Module({
  imports: [MemberAccessModule, StatementWriterModule, PhotoProcessingModule],
  controllers: [VerificationController, VerificationDeskController],
  providers: [
    Selfies,
    VerificationService,
    VerificationDesk,
    VerificationExpiryTask,
    VerificationPurge,
    VerificationExport,
  ],
})
export class VerificationModule {}

/** What the worker runs of it: the hourly expiry and the purge step. */
@Module({
  // Selfies takes the pipeline; the worker only removes selfies (no thread ever starts)
  imports: [MemberAccessModule, PhotoProcessingModule],
  providers: [Selfies, VerificationExpiryTask, VerificationPurge, VerificationExport],
})
export class VerificationWorkerModule {}
