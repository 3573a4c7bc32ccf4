/**
 * Seeds the test template database with the reference data (countries, regions, cities,
 * interests, packages, gifts, settings, company info) — the same library `npm run db:seed` uses —
 * with all seven languages offered.
 * Tests add the members they need themselves (seedMember).
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../src/generated/prisma/client';
import { SUPPORTED_LANGUAGES } from '@app/contract';
import { seedReferenceData } from '../../prisma/seed/index';

async function main(): Promise<void> {
  const prisma = new PrismaClient({
    adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL }),
  });
  try {
    await seedReferenceData(prisma);
    // the tests speak all seven languages: every one offered (a new site offers nl only until
    // an admin adds others; the tests of that store languages_offered themselves)
    const offered = { key: 'languages_offered', value: [...SUPPORTED_LANGUAGES] };
    await prisma.setting.upsert({ where: { key: offered.key }, create: offered, update: offered });
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
