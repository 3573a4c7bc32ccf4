import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits';
import { MemberAccessModule } from '../member-access';
import { SettingsModule } from '../settings';
import { BoostedMembers } from './boosted-members';
import { BoostsController } from './boosts.controller';
import { BoostsPurge } from './boosts.purge';
import { BoostsExport } from './boosts.export';
import { BoostsService } from './boosts.service';

/** Boosts (issue 38 item 3): buying one, and which members a search puts first. */
@Module({
  imports: [CreditsModule, MemberAccessModule, SettingsModule],
  controllers: [BoostsController],
  providers: [BoostsService, BoostedMembers, BoostsPurge, BoostsExport],
  exports: [BoostedMembers],
})
export class BoostsModule {}
