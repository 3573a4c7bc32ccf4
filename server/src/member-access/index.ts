/**
 * The member-access feature's public API: the one way to read other members. The rule
 * (visibility.ts, the SQL fragments, the presenters) is shared by the readers; each feature
 * injects the reader written for it (readers/, README.md).
 */
export { MemberAccessModule } from './member-access.module';
export { ProfilePages } from './readers/profile-pages';
export { MemberLists } from './readers/member-lists';
export { FirstMatches, type FirstMatchCandidates } from './readers/first-matches';
export { LikesPage } from './readers/likes-page';
export { ProfileVisits, type VisitorsPage } from './readers/visits';
export { FavouriteCards } from './readers/favourites';
export { ProfileTargets } from './readers/profile-targets';
export {
  Correspondents,
  type Correspondent,
  type CorrespondentTarget,
} from './readers/correspondents';
export { BlockList } from './readers/block-list';
export { OwnProfileReads } from './readers/own-profile';
export { OwnPhotos } from './readers/own-photos';
export { MediaFiles } from './readers/media-files';
export { StaffPhotos } from './readers/staff-photos';
export {
  StaffMemberReads,
  type StaffProfileSummary,
  type StaffProfileView,
} from './readers/staff-members';
export { ModeratedContent, type StaffPhoto, type StaffProfile } from './readers/moderated-content';
export { InspectionReads, type InspectionKind, screeningOf } from './readers/inspection';
/** The inspection queues' tables and order, for the inspection's claim (in the page's order). */
export { INSPECTION_KINDS } from './readers/inspection.sql';
export {
  NotificationReads,
  type MailedMember,
  type NotificationFacts,
} from './readers/notifications';
export {
  ReportedContent,
  type ReportedMember,
  type ReportedPhoto,
} from './readers/reported-content';
export {
  ChatPartnerReads,
  type InboxRow,
  type OperatorViewOfMember,
  type PartnerRow,
} from './readers/chat-partners';
export {
  visibleProfileWhere,
  viewerOf,
  staffViewerOf,
  photoAccess,
  type PhotoAccess,
  type Purpose,
  type Viewer,
} from './visibility';
export { presentProfileCard, type ProfileCard } from './card.presenter';
export { PROFILE_CARD_SELECT, type ProfileCardRow } from './card.sql';
export { PHOTO_SELECT, type PhotoRow } from './photo.presenter';
export { PROFILE_DETAILS_SELECT, presentProfileDetails } from './details.presenter';
export type { ListCriteria, ListPage } from './list-query.sql';
/** The chat list's rule as SQL, for counts told beside it (the unread-message reminder). */
export { listedConversationSql } from './listed-conversation.sql';
export {
  flagWaitingMatchesStatement,
  screeningFileStatement,
} from './readers/screening-photos.sql';
