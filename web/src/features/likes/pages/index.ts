import { placeholderPage } from '../../../components/PlaceholderPage';

export const LikesPage = placeholderPage('pages.likes');
export const LikesTypePage = placeholderPage('pages.likesType');
export const LikesMemberPage = placeholderPage('pages.likesMember');
