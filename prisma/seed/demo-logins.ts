/**
 * The demo logins `npm run db:seed` creates outside production (prisma/seed/demo.ts) and prints,
 * as the README lists them: public passwords, never on a live site. No imports, so the
 * Playwright journeys can read them without the seed's server code.
 */
export const DEMO_LOGIN = { email: 'demo@vonkje.test', password: 'demo1234' } as const;
export const OPERATOR_LOGIN = { email: 'operator@vonkje.test', password: 'operator1234' } as const;
export const MODERATOR_LOGIN = {
  email: 'moderator@vonkje.test',
  password: 'moderator1234',
} as const;
export const ADMIN_LOGIN = { email: 'admin@vonkje.test', password: 'admin1234' } as const;
