export {
  TermsPage,
  PrivacyPage,
  CookiesPage,
  ReturnPolicyPage,
  FaqPage,
  ServicePage,
  TokenPage,
} from './StaticPages';
export { BanPage } from './BanPage';
