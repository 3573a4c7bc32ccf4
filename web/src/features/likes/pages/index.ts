import { placeholderPage } from '../../../components/PlaceholderPage';

export const LikesPage = placeholderPage('pages.likes');
export const LikesTypePage = placeholderPage('pages.likesType');

/** /likes/m/{id}: the member's profile page, reached from the likes pages. */
export { MemberPage as LikesMemberPage } from '../../members';
