/**
 * The members feature's public API: what the shell and other features may use. Its pages are
 * loaded by the router through pages/index.ts. A member's card and photo are shared code
 * (web/src/components/member).
 */
export { BlockConfirmModal } from './components/profile/BlockConfirmModal';
// for the public entry's visitor search, rendered by the server and taken over in the browser
export { searchQueryOptions } from './api/search';
export { visitorFirstFilters } from './search/first-search';
