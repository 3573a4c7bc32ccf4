import { Module } from '@nestjs/common';
import { GeoModule } from '../geo';
import { MemberAccessModule } from '../member-access';
import { SettingsModule } from '../settings';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

@Module({
  imports: [GeoModule, MemberAccessModule, SettingsModule],
  controllers: [SearchController],
  providers: [SearchService],
})
export class SearchModule {}
