import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ChatPartnerReads } from './chat-partners.reads';
import { MemberAccess } from './member-access.service';
import { ProfilePurge } from './profile.purge';
import { PurgeRegistry } from './purge';
import { PhotoPresenter } from './photo.presenter';
import { ReportedContent } from './reported-content';
import { StaffMemberReads } from './staff-member.reads';
import { ModeratedContent } from './moderated-content';
import { InspectionReads } from './inspection-reads';
import { InspectionMetrics } from './inspection.metrics';
import { NotificationReads } from './notification-reads';

/**
 * Reading other members (the visibility rule, what complaints report) and erasing a member (the
 * purge registry).
 */
@Module({
  imports: [DiscoveryModule],
  providers: [
    MemberAccess,
    PhotoPresenter,
    PurgeRegistry,
    ProfilePurge,
    ReportedContent,
    StaffMemberReads,
    ChatPartnerReads,
    ModeratedContent,
    InspectionReads,
    NotificationReads,
    InspectionMetrics,
  ],
  exports: [
    MemberAccess,
    PurgeRegistry,
    ReportedContent,
    StaffMemberReads,
    ChatPartnerReads,
    ModeratedContent,
    InspectionReads,
    NotificationReads,
  ],
})
export class MemberAccessModule {}
