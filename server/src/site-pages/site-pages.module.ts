import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { SettingsModule } from '../settings';
import { LandersModule } from '../landers';
import { VisitorCountryModule } from '../visitor-country';
import { PaymentsModule } from '../payments';
import { SearchModule } from '../search';
import { SitePages } from './site-pages.service';
import { PublicPages } from './public-pages';

/**
 * The pages of the web app as the server serves them: status, head, robots.txt, sitemap.xml, and
 * the public pages rendered for a visitor's first visit.
 */
@Module({
  imports: [
    SettingsModule,
    MemberAccessModule,
    LandersModule,
    VisitorCountryModule,
    PaymentsModule,
    SearchModule,
  ],
  providers: [SitePages, PublicPages],
  exports: [SitePages, PublicPages],
})
export class SitePagesModule {}
