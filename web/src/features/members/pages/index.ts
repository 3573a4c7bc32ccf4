export { MembersPage } from './MembersPage';
export { MatchFinderPage } from './MatchFinderPage';
export { MemberSignupPage } from './MemberSignupPage';
export { MemberPage } from './MemberPage';
