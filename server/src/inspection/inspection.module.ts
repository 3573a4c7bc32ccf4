import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { PhotoScreeningModule } from '../photo-screening';
import { StatementWriterModule } from '../statement-writer';
import { ChatPhotoDesk } from './chat-photo-desk.service';
import { ChatPhotoDeskController, InspectionController } from './inspection.controller';
import { PhotoInspection } from './photo-inspection.service';
import { TextInspection } from './text-inspection.service';
import { InspectionUndo } from './undo.service';

/**
 * Inspection by moderators: the queues of new photos and changed profile texts, and the chat
 * photos the pre-screening flagged.
 */
@Module({
  imports: [MemberAccessModule, PhotoScreeningModule, StatementWriterModule],
  controllers: [InspectionController, ChatPhotoDeskController],
  providers: [PhotoInspection, TextInspection, InspectionUndo, ChatPhotoDesk],
})
export class InspectionModule {}
