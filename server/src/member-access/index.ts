/** The member-access feature's public API: the one way to read other members and to erase one. */
export { MemberAccessModule } from './member-access.module';
export { MemberAccess } from './member-access.service';
export {
  StaffMemberReads,
  type StaffProfileSummary,
  type StaffProfileView,
} from './staff-member.reads';
export { ModeratedContent, type StaffPhoto, type StaffProfile } from './moderated-content';
export {
  InspectionReads,
  type InspectionKind,
  type LockedPhoto,
  type LockedText,
} from './inspection-reads';
export { NotificationReads, type MailedMember, type NotificationFacts } from './notification-reads';
export { ReportedContent, type ReportedMember, type ReportedPhoto } from './reported-content';
export {
  visibleProfileWhere,
  viewerOf,
  staffViewerOf,
  photoAccess,
  type PhotoAccess,
  type Purpose,
  type Viewer,
} from './visibility';
export {
  PROFILE_CARD_SELECT,
  presentProfileCard,
  type ProfileCard,
  type ProfileCardRow,
} from './card.presenter';
export { PHOTO_SELECT, type PhotoRow } from './photo.presenter';
export { PROFILE_DETAILS_SELECT, presentProfileDetails } from './details.presenter';
export { PurgeRegistry, Purges, type Coverage, type PurgeStep, type StoredFile } from './purge';
export type { ListCriteria, ListPage } from './list-query';
export {
  ChatPartnerReads,
  type InboxRow,
  type OperatorViewOfMember,
  type PartnerRow,
} from './chat-partners.reads';
