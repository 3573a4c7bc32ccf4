import { placeholderPage } from '../../../components/PlaceholderPage';

export const TermsPage = placeholderPage('pages.terms');
export const PrivacyPage = placeholderPage('pages.privacy');
export const CookiesPage = placeholderPage('pages.cookies');
export const ReturnPolicyPage = placeholderPage('pages.returnPolicy');
export const FaqPage = placeholderPage('pages.faq');
export const ServicePage = placeholderPage('pages.service');
export const TokenPage = placeholderPage('pages.service');
export { BanPage } from './BanPage';
