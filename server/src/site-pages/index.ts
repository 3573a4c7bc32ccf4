/** The site-pages feature's public API: the server's rendering of the web app's pages. */
export { SitePagesModule } from './site-pages.module';
export { SitePages } from './site-pages.service';
export { servePage, serveSearchEngineFiles } from './serve';
export { ENTRY_CHECK_CSP_SOURCE } from './entry-check';
export { EARLY_INPUT_CSP_SOURCE } from './early-input';
export { SEARCH_CHECK_CSP_SOURCE } from './search-check';
export { matchRoute } from './routes';
