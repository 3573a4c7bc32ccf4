import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { PurgeRegistry } from './purge-registry';

/**
 * Erasing a member (GDPR): the registry of every feature's purge step. The steps live in their
 * features (`@Purges()`); the deletion feature runs them.
 */
@Module({
  imports: [DiscoveryModule],
  providers: [PurgeRegistry],
  exports: [PurgeRegistry],
})
export class PurgeModule {}
