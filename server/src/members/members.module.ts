import { Module } from '@nestjs/common';
import { LikesModule } from '../likes';
import { MemberAccessModule } from '../member-access';
import { VisitorsModule } from '../visitors';
import { MembersController } from './members.controller';
import { MembersService } from './members.service';
import { RelationsPurge } from './relations.purge';
import { RelationsExport } from './relations.export';

@Module({
  imports: [MemberAccessModule, LikesModule, VisitorsModule],
  controllers: [MembersController],
  providers: [MembersService, RelationsPurge, RelationsExport],
  exports: [MembersService],
})
export class MembersModule {}
