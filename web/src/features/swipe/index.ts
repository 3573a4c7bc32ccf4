/**
 * The swipe game feature's public API (its page is loaded by the router through
 * pages/index.ts): the cache key of the candidates, for features that change them (likes).
 */
export { swipeQueryKey } from './api/swipe';
