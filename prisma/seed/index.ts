/**
 * The seed library (STYLE practice 8): plain functions taking a PrismaClient, shared by
 * `npm run db:seed` (prisma/seed.ts), the server's integration tests and Playwright.
 *
 * Relative imports end in `.js`, the one form every tsconfig here accepts (prisma and tests:
 * NodeNext; server: Node10). tsx and Playwright map them to the `.ts` files; jest needs
 * `moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' }` to load this index, or can import
 * `prisma/seed/member` (no relative runtime imports) directly.
 * No top-level await and no import.meta, so CommonJS (ts-jest) can load every file.
 */
export { seedConversation, type SeedMessage } from './conversation.js';
export { seedCities, seedCountries, seedGeography, seedRegions, type GeoCounts } from './geo.js';
export {
  seedCompanyInfo,
  seedCreditPackages,
  seedDiscountCodes,
  seedGifts,
  seedInterests,
  seedReferenceData,
  seedSettings,
  type ReferenceCounts,
} from './reference.js';
export {
  DEFAULT_PASSWORD_COST,
  StaffAccountError,
  addStaffRole,
  createStaffAccount,
  dateOfBirthForAge,
  seedMember,
  seedStaff,
  type ProfileDetails,
  type SeedAccountOptions,
  type SeedMemberOptions,
  type SeededAccount,
  type SeededMember,
} from './member.js';
export {
  ADMIN_LOGIN,
  DEMO_LOGIN,
  DEMO_MEMBER_PASSWORD,
  MODERATOR_LOGIN,
  OPERATOR_LOGIN,
  demoMemberEmail,
  demoSeedDecision,
  seedDemo,
  type DemoCounts,
  type DemoSeedDecision,
} from './demo.js';
