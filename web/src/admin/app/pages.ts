/** The console shell's own pages, for the router's lazy imports. */
export { AdminShell } from './AdminShell';
export { AdminHomePage, AdminNotFoundPage } from './AdminHomePage';
