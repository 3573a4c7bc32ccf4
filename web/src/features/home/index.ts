/**
 * The home feature's public API: the home page, which /signup shows behind the signup modal on
 * a desktop. The router loads it through pages/index.ts.
 */
export { HomePage } from './pages/HomePage';
