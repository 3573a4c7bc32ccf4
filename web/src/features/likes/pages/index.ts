export { LikesPage, LikesTypePage } from './LikesPages';

/** /likes/m/{id}: the member's profile page, reached from the likes pages. */
export { MemberPage as LikesMemberPage } from '../../members';
