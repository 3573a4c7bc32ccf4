import { Module } from '@nestjs/common';
import { ChatsModule } from '../chats';
import { MemberAccessModule } from '../member-access';
import { PhotosModule } from '../photos';
import { ProfilesModule } from '../profiles';
import { InboxController } from './inbox.controller';
import { InboxService } from './inbox.service';
import { PartnersController } from './partners.controller';
import { PartnersService } from './partners.service';
import { ReplyTimesService } from './reply-times.service';
import { StaffPartnersPurge } from './staff-partners.purge';

/** The purge step alone (the worker, which runs the purge, has no console routes). */
@Module({ providers: [StaffPartnersPurge] })
export class StaffPartnersPurgeModule {}

/**
 * Chat partners in the staff console: admins' partner editor, the operators' inbox (locks,
 * notes, the honest answer, the care warning) and the operators' reply-time figures.
 */
@Module({
  imports: [
    MemberAccessModule,
    ChatsModule,
    PhotosModule,
    ProfilesModule,
    StaffPartnersPurgeModule,
  ],
  controllers: [PartnersController, InboxController],
  providers: [PartnersService, InboxService, ReplyTimesService],
})
export class StaffPartnersModule {}
