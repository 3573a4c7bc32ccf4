import { Module } from '@nestjs/common';
import { BoostsModule } from '../boosts';
import { GeoModule } from '../geo';
import { MemberAccessModule } from '../member-access';
import { SettingsModule } from '../settings';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

@Module({
  imports: [BoostsModule, GeoModule, MemberAccessModule, SettingsModule],
  controllers: [SearchController],
  providers: [SearchService],
  // the visitor search's first page, rendered into the page by site-pages
  exports: [SearchService],
})
export class SearchModule {}
