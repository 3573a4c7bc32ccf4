import type { ComponentType } from 'react';
import type { AppPageName } from './app-pages';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { PremiumPage, PricingPage } from '../features/credits/pages/PremiumPages';
import { MembersPage } from '../features/members/pages/MembersPage';
import {
  CookiesPage,
  FaqPage,
  PrivacyPage,
  ReturnPolicyPage,
  ServicePage,
  TermsPage,
  TokenPage,
} from '../features/static-pages/pages/StaticPages';
import { BanPage } from '../features/static-pages/pages/BanPage';
import { SignupOverHome } from './SignupOverHome';

/** The server build's: every page at hand (render.tsx renders synchronously). */
export const APP_PAGE_COMPONENTS: Record<AppPageName, ComponentType> = {
  login: LoginPage,
  signup: SignupOverHome,
  pricing: PricingPage,
  premium: PremiumPage,
  members: MembersPage,
  terms: TermsPage,
  privacy: PrivacyPage,
  cookies: CookiesPage,
  ban: BanPage,
  'return-policy': ReturnPolicyPage,
  faq: FaqPage,
  service: ServicePage,
  token: TokenPage,
};
