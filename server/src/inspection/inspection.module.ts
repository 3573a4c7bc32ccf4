import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { PhotoScreeningModule } from '../photo-screening';
import { StatementWriterModule } from '../statement-writer';
import { ChatPhotoDesk } from './chat-photo-desk.service';
import { InspectionClaims } from './claims';
import { ChatPhotoDeskController, InspectionController } from './inspection.controller';
import { PhotoInspection } from './photo-inspection.service';
import { TextInspection } from './text-inspection.service';
import { InspectionMetrics } from './inspection.metrics';
import { InspectionUndo } from './undo.service';

/** The photo inspection queue's gauge (photos_under_inspection): the app's and the worker's. */
@Module({ imports: [MemberAccessModule], providers: [InspectionMetrics] })
export class InspectionMetricsModule {}

/**
 * Inspection by moderators: the queues of new photos and changed profile texts, and the chat
 * photos the pre-screening flagged.
 */
@Module({
  imports: [
    MemberAccessModule,
    PhotoScreeningModule,
    StatementWriterModule,
    InspectionMetricsModule,
  ],
  controllers: [InspectionController, ChatPhotoDeskController],
  providers: [PhotoInspection, TextInspection, InspectionClaims, InspectionUndo, ChatPhotoDesk],
})
export class InspectionModule {}
