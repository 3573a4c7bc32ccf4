import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { MemberAccess } from './member-access.service';
import { ProfilePurge } from './profile.purge';
import { PurgeRegistry } from './purge';
import { PhotoPresenter } from './photo.presenter';

/** Reading other members (the visibility rule) and erasing a member (the purge registry). */
@Module({
  imports: [DiscoveryModule],
  providers: [MemberAccess, PhotoPresenter, PurgeRegistry, ProfilePurge],
  exports: [MemberAccess, PurgeRegistry],
})
export class MemberAccessModule {}
