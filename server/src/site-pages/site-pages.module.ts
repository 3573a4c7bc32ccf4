import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { SettingsModule } from '../settings';
import { SitePages } from './site-pages.service';

/** The pages of the web app as the server serves them: status, head, robots.txt, sitemap.xml. */
@Module({
  imports: [SettingsModule, MemberAccessModule],
  providers: [SitePages],
  exports: [SitePages],
})
export class SitePagesModule {}
