/**
 * The credits feature's public API: the time bonus (banner and modal of the members area) for
 * the layouts, and the packages' query for the public entry's prices page. The router loads its
 * pages through pages/index.ts.
 */
export { TimeBonus } from './components/TimeBonus';
export { packagesQueryOptions } from './api/payments';
