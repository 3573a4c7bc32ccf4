import { placeholderPage } from '../../../components/PlaceholderPage';

export const CreditsPage = placeholderPage('pages.credits');
export const CreditsPayPage = placeholderPage('pages.creditsPay');
export const CreditsRepeatOrderPage = placeholderPage('pages.creditsRepeatOrder');
export const PremiumPage = placeholderPage('pages.premium');
export const PricingPage = placeholderPage('pages.pricing');
export const DirectDebitPage = placeholderPage('pages.directDebit');
export const TransactionsPage = placeholderPage('pages.transactions');
