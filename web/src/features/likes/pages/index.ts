export { LikesPage, LikesTypePage } from './LikesPages';
