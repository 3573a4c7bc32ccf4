import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { SettingsModule } from '../settings';
import { ProfilesController } from './profiles.controller';
import { ProfilesService } from './profiles.service';

/** The member's own profile: GET and PUT /api/profile.php (the profile editor). */
@Module({
  imports: [MemberAccessModule, SettingsModule],
  controllers: [ProfilesController],
  providers: [ProfilesService],
  exports: [ProfilesService],
})
export class ProfilesModule {}
