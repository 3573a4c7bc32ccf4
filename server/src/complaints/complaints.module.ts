import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { ComplaintsController } from './complaints.controller';
import { ComplaintsPurge } from './complaints.purge';
import { ComplaintsService } from './complaints.service';

/** Complaints about members, photos, messages or the site; the staff list; their purge step. */
@Module({
  imports: [MemberAccessModule],
  controllers: [ComplaintsController],
  providers: [ComplaintsService, ComplaintsPurge],
})
export class ComplaintsModule {}
