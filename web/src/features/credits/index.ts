/**
 * The credits feature's public API: the time bonus (banner and modal of the members area) for
 * the layouts. The router loads its pages through pages/index.ts.
 */
export { TimeBonus } from './components/TimeBonus';
