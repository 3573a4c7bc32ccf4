/**
 * The visitors feature's public API (who viewed my profile, issue 38 item 1): the account page's
 * "browse unseen" section. The router loads its page through pages/index.ts.
 */
export { BrowseUnseenSection } from './components/BrowseUnseenSection';
