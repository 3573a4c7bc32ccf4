/**
 * The static pages feature's public API: what the shell and other features may use (the public
 * entry: the pages' texts' namespace). The router loads its pages through pages/index.ts.
 */
export { PAGES_NS } from './i18n';
