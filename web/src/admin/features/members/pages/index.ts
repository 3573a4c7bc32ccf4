export { MembersSearchPage } from './MembersSearchPage';
export { MemberPage } from './MemberPage';
