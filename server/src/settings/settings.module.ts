import { Module } from '@nestjs/common';
import { VisitorCountryModule } from '../visitor-country';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';

@Module({
  imports: [VisitorCountryModule],
  controllers: [SettingsController],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
