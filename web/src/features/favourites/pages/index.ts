export { FavouritesPage } from './FavouritesPage';
