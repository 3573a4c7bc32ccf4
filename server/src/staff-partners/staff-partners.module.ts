import { Module } from '@nestjs/common';
import { ChatsModule } from '../chats';
import { MemberAccessModule } from '../member-access';
import { PhotosModule } from '../photos';
import { ProfilesModule } from '../profiles';
import { InboxController } from './inbox.controller';
import { InboxService } from './inbox.service';
import { LibraryController } from './library.controller';
import { LibraryMediaController } from './library-media.controller';
import { LibraryExport } from './library.export';
import { LibraryPurge } from './library.purge';
import { LibraryService } from './library.service';
import { OperatorSpecController } from './operator-spec.controller';
import { OperatorToolsController } from './operator-tools.controller';
import { OperatorToolsService } from './operator-tools.service';
import { PartnersController } from './partners.controller';
import { PartnersService } from './partners.service';
import { PersonasController } from './personas.controller';
import { PersonasExport } from './personas.export';
import { PersonasPurge } from './personas.purge';
import { PersonasService } from './personas.service';
import { ReplyTimesService } from './reply-times.service';
import { StaffPartnersExport } from './staff-partners.export';
import { StaffPartnersPurge } from './staff-partners.purge';

/**
 * The purge and export steps alone (the worker, which runs the purge and builds the exports, has
 * no console routes).
 */
@Module({
  providers: [
    StaffPartnersPurge,
    StaffPartnersExport,
    LibraryPurge,
    LibraryExport,
    PersonasPurge,
    PersonasExport,
  ],
})
export class StaffPartnersStepsModule {}

/**
 * Chat partners in the staff console: admins' partner editor, the operators' inbox (locks,
 * notes, the honest answer, the care warning), the partners' persona sheets, notes per
 * conversation and canned replies, the operators' reply-time figures, and the
 * operators' tools (issue 38 item 5): the partners' photo libraries, photos and gifts sent as the
 * partner and the next conversation (the admins' review per operator: staff-operators).
 */
@Module({
  imports: [
    MemberAccessModule,
    ChatsModule,
    PhotosModule,
    ProfilesModule,
    StaffPartnersStepsModule,
  ],
  controllers: [
    PartnersController,
    // before InboxController: its static routes (inbox/next, inbox/gifts) beside inbox/:id/...
    OperatorToolsController,
    InboxController,
    LibraryController,
    LibraryMediaController,
    PersonasController,
    OperatorSpecController,
  ],
  providers: [
    PartnersService,
    InboxService,
    ReplyTimesService,
    LibraryService,
    OperatorToolsService,
    PersonasService,
  ],
})
export class StaffPartnersModule {}
