import type { AppPageLoaders } from './app-pages';

/** The browser's: each page in a chunk of its own, loaded before the page is taken over. */
export const APP_PAGE_LOADERS: AppPageLoaders = {
  login: () => import('../features/auth/pages/LoginPage').then((m) => m.LoginPage),
  signup: () => import('./SignupOverHome').then((m) => m.SignupOverHome),
  pricing: () => import('../features/credits/pages/PremiumPages').then((m) => m.PricingPage),
  premium: () => import('../features/credits/pages/PremiumPages').then((m) => m.PremiumPage),
  members: () => import('../features/members/pages/MembersPage').then((m) => m.MembersPage),
  terms: () => import('../features/static-pages/pages/StaticPages').then((m) => m.TermsPage),
  privacy: () => import('../features/static-pages/pages/StaticPages').then((m) => m.PrivacyPage),
  cookies: () => import('../features/static-pages/pages/StaticPages').then((m) => m.CookiesPage),
  ban: () => import('../features/static-pages/pages/BanPage').then((m) => m.BanPage),
  'return-policy': () =>
    import('../features/static-pages/pages/StaticPages').then((m) => m.ReturnPolicyPage),
  faq: () => import('../features/static-pages/pages/StaticPages').then((m) => m.FaqPage),
  service: () => import('../features/static-pages/pages/StaticPages').then((m) => m.ServicePage),
  token: () => import('../features/static-pages/pages/StaticPages').then((m) => m.TokenPage),
};
