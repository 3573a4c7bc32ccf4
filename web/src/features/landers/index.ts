/**
 * The landers feature's public API: what the shell and other features may use (the public entry:
 * the landers' query, which the server's answer seeds). The router loads its pages through
 * pages/index.ts.
 */
export { landersQueryKey } from './api/landers';
