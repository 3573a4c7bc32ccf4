/**
 * The favourites feature's public API (issue 38 item 2): its page, loaded by the router through
 * pages/index.ts. The star and the list's calls are shared (components/member/FavouriteStar,
 * api/favourites), since every member card carries the star.
 */
export {};
