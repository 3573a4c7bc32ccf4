import { Module } from '@nestjs/common';
import { MailModule } from '../mail';
import { MemberAccessModule } from '../member-access';
import { BansService } from './bans.service';
import { ComplaintsController } from './complaints.controller';
import { ComplaintsPurge, ModerationPurge } from './complaints.purge';
import { ComplaintsService } from './complaints.service';
import { ModerationController } from './moderation.controller';
import { ModerationService } from './moderation.service';

/**
 * Complaints about members, photos, messages or the site; the staff side (inbox, one complaint
 * in context, dismiss / warn / hide / ban / unban) and bans without a complaint; purge steps.
 */
@Module({
  imports: [MemberAccessModule, MailModule],
  controllers: [ComplaintsController, ModerationController],
  providers: [ComplaintsService, ComplaintsPurge, ModerationService, BansService, ModerationPurge],
  exports: [ModerationService, BansService],
})
export class ComplaintsModule {}
