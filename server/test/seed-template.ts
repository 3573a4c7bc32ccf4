/**
 * Seeds the test template database with the reference data (countries, regions, cities,
 * interests, packages, gifts, settings, company info) — the same library `npm run db:seed` uses.
 * Tests add the members they need themselves (seedMember).
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../src/generated/prisma/client';
import { seedReferenceData } from '../../prisma/seed/index';

async function main(): Promise<void> {
  const prisma = new PrismaClient({
    adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL }),
  });
  try {
    await seedReferenceData(prisma);
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
