export { PremiumPage, PricingPage } from './PremiumPages';
export { CreditsPage } from './CreditsPage';
export { CreditsPayPage } from './PayPage';
export { CreditsRepeatOrderPage } from './RepeatOrderPage';
export { DirectDebitPage } from './DirectDebitPage';
export { TransactionsPage } from './TransactionsPage';
