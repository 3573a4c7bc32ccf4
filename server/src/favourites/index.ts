/** The favourites feature's public API: a member's private list of profiles (issue 38 item 2). */
export { FavouritesModule } from './favourites.module';
