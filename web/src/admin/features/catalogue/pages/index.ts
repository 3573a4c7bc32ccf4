export { InvitesPage } from './InvitesPage';
export { DiscountsPage } from './DiscountsPage';
export { PackagesPage } from './PackagesPage';
export { GiftsPage } from './GiftsPage';
export { CompanyPage } from './CompanyPage';
