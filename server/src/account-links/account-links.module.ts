import { Module } from '@nestjs/common';
import { AccountLinks } from './account-links.service';
import { AccountLinksPurge } from './account-links.purge';
import { AccountLinksExport } from './account-links.export';

/** Signals that tie accounts to one person; the purge step is found by its registry. */
@Module({
  providers: [AccountLinks, AccountLinksPurge, AccountLinksExport],
  exports: [AccountLinks],
})
export class AccountLinksModule {}
