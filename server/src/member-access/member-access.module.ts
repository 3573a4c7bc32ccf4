import { Module } from '@nestjs/common';
import { PhotoPresenter } from './photo.presenter';
import { ProfilePurge } from './profile.purge';
import { ProfileExport } from './profile.export';
import { BlockList } from './readers/block-list';
import { CityDensity } from './readers/city-density';
import { ChatPartnerReads } from './readers/chat-partners';
import { Correspondents } from './readers/correspondents';
import { FavouriteCards } from './readers/favourites';
import { FirstMatches } from './readers/first-matches';
import { InspectionReads } from './readers/inspection';
import { LikesPage } from './readers/likes-page';
import { MediaFiles } from './readers/media-files';
import { MemberLists } from './readers/member-lists';
import { ModeratedContent } from './readers/moderated-content';
import { NotificationReads } from './readers/notifications';
import { OwnPhotos } from './readers/own-photos';
import { OwnProfileReads } from './readers/own-profile';
import { ProfilePages } from './readers/profile-pages';
import { ProfileTargets } from './readers/profile-targets';
import { ReportedContent } from './readers/reported-content';
import { StaffMemberReads } from './readers/staff-members';
import { StaffPhotos } from './readers/staff-photos';
import { ProfileVisits } from './readers/visits';

/** One reader per consumer of other members' data (README.md); all under the same rule. */
const READERS = [
  BlockList,
  ChatPartnerReads,
  Correspondents,
  FavouriteCards,
  FirstMatches,
  InspectionReads,
  LikesPage,
  MediaFiles,
  MemberLists,
  ModeratedContent,
  NotificationReads,
  OwnPhotos,
  OwnProfileReads,
  ProfilePages,
  ProfileTargets,
  ProfileVisits,
  ReportedContent,
  StaffMemberReads,
  StaffPhotos,
];

/** Reading other members (the visibility rule, one reader per consumer) and erasing a profile. */
@Module({
  providers: [...READERS, CityDensity, PhotoPresenter, ProfilePurge, ProfileExport],
  exports: READERS,
})
export class MemberAccessModule {}
