/** Accounts tied to one person (issue 35): its public API. */
export { AccountLinksModule } from './account-links.module';
export {
  AccountLinks,
  DENYING,
  type LinkedAccount,
  type SignalKind,
} from './account-links.service';
export { samePersonUsedWelcomeSql } from './account-links.sql';
