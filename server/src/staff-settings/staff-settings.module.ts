import { Module } from '@nestjs/common';
import { SettingsAdminController } from './settings-admin.controller';
import { SettingsAdmin } from './settings-admin.service';

/**
 * Admins change the settings and company info here. Its own feature, apart from SettingsModule:
 * the member side's settings are read by mail and auth, which the staff side uses in turn.
 */
@Module({
  controllers: [SettingsAdminController],
  providers: [SettingsAdmin],
})
export class StaffSettingsModule {}
