/**
 * The home feature's public API: the home page, for the public entry (web/src/public), which
 * renders it on the server. The router loads it through pages/index.ts, also behind the signup
 * modal of /signup on a desktop.
 */
export { HomePage } from './pages/HomePage';
