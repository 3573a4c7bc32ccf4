import { placeholderPage } from '../../../components/PlaceholderPage';

export const MembersPage = placeholderPage('pages.members');
export const MatchFinderPage = placeholderPage('pages.matchFinder');
export const SwipeGamePage = placeholderPage('pages.swipeGame');
export { MemberSignupPage } from './MemberSignupPage';
export { MemberPage } from './MemberPage';
