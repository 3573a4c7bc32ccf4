import { Module } from '@nestjs/common';
import { MailModule } from '../mail';
import { MemberAccessModule } from '../member-access';
import { StatementWriterModule } from '../statement-writer';
import { BansService } from './bans.service';
import { ComplaintActions } from './complaint-actions';
import { ComplaintsController } from './complaints.controller';
import { ComplaintsExport, ModerationExport } from './complaints.export';
import { ComplaintsPurge, ModerationPurge } from './complaints.purge';
import { ComplaintsService } from './complaints.service';
import { ModerationMembers } from './moderation-members';
import { ModerationController } from './moderation.controller';
import { ModerationService } from './moderation.service';
import { ReportedItems } from './reported-items';
import { ScamFlagsController } from './scam-flags.controller';
import { ScamFlagsService } from './scam-flags.service';

/**
 * Complaints about members, photos, messages or the site; the staff side (inbox, one complaint
 * in context, dismiss / warn / hide / ban / unban) and bans without a complaint; the queue of
 * messages the send's scan flagged (dismiss / warn / ban); purge steps.
 */
@Module({
  imports: [MemberAccessModule, MailModule, StatementWriterModule],
  controllers: [ComplaintsController, ModerationController, ScamFlagsController],
  providers: [
    ComplaintsService,
    ComplaintsPurge,
    ComplaintsExport,
    ModerationService,
    ModerationMembers,
    ReportedItems,
    ComplaintActions,
    BansService,
    ModerationPurge,
    ModerationExport,
    ScamFlagsService,
  ],
  exports: [ModerationService, BansService],
})
export class ComplaintsModule {}
