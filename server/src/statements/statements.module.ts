import { MemberAccessModule } from '../member-access';
import { Module } from '@nestjs/common';
import { ComplaintsModule } from '../complaints';
import { MailModule } from '../mail';
import { AppealsService } from './appeals.service';
import { NoticesService } from './notices.service';
import { Reversals } from './reversals';
import { StatementsController, StaffAppealsController } from './statements.controller';
import { StatementsPurge } from './statements.purge';
import { StatementsExport } from './statements.export';
import { TransparencyService } from './transparency.service';

/**
 * Statements of reasons, appeals, notices of illegal content and the transparency report
 * (issue 35, DSA art. 15-17, 20). The statements are written by StatementWriterModule's helper
 * in each deciding feature's transaction.
 */
@Module({
  imports: [ComplaintsModule, MailModule, MemberAccessModule],
  controllers: [StatementsController, StaffAppealsController],
  providers: [
    AppealsService,
    NoticesService,
    Reversals,
    TransparencyService,
    StatementsPurge,
    StatementsExport,
  ],
})
export class StatementsModule {}
