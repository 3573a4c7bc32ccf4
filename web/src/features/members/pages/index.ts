import { placeholderPage } from '../../../components/PlaceholderPage';

export { MembersPage } from './MembersPage';
export { MatchFinderPage } from './MatchFinderPage';
export const SwipeGamePage = placeholderPage('pages.swipeGame');
export { MemberSignupPage } from './MemberSignupPage';
export { MemberPage } from './MemberPage';
