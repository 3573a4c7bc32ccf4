/**
 * Seeds one member (or staff account) into the Playwright site's database with the shared seed
 * library (prisma/seed/member.ts), as the journeys need them: `node --import tsx
 * tests/e2e/seed-member.ts '<SeedMemberOptions as JSON>'` prints { email, password, userId,
 * profileId }. DATABASE_URL is the site's database (tests/e2e/seed.ts sets it).
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../server/src/generated/prisma/client.ts';
import { seedMember, type SeedMemberOptions } from '../../prisma/seed/member.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as SeedMemberOptions;
const prisma = new PrismaClient({
  adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL }),
});
try {
  const member = await seedMember(prisma, { passwordCost: 4, ...options });
  console.log(
    JSON.stringify({
      email: member.user.email,
      password: member.password,
      userId: member.user.id,
      profileId: member.profile.id,
    }),
  );
} finally {
  await prisma.$disconnect();
}
