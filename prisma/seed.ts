/**
 * `npm run db:seed`: reference data, then the demo members, into DATABASE_URL (from the
 * environment or .env; scripts/load-env.mjs supplies the local default). Repeatable: a second
 * run leaves the same rows. Prints the row count of every table and the time taken.
 */
import '../scripts/load-env.mjs';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../server/src/generated/prisma/client.ts';
import { seedDemo, seedReferenceData } from './seed/index.ts';

async function tableCounts(prisma: PrismaClient): Promise<Record<string, number>> {
  const tables = await prisma.$queryRawUnsafe<{ name: string }[]>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
       AND table_name <> '_prisma_migrations'
     ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await prisma.$queryRawUnsafe<{ count: bigint }[]>(
      `SELECT count(*) AS count FROM "${name}"`,
    );
    counts[name] = Number(row.count);
  }
  return counts;
}

async function main(): Promise<void> {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error(
      'DATABASE_URL is not set. Example: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/dating npm run db:seed',
    );
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString }) });
  try {
    const started = performance.now();
    const reference = await seedReferenceData(prisma);
    const referenceMs = performance.now() - started;
    const demo = await seedDemo(prisma);
    const totalMs = performance.now() - started;
    console.log(
      `Reference data in ${(referenceMs / 1000).toFixed(1)} s: ${reference.countries} countries, ` +
        `${Object.values(reference.regions).reduce((a, b) => a + b, 0)} regions, ` +
        `${Object.values(reference.cities).reduce((a, b) => a + b, 0)} cities, ` +
        `${reference.interests} interests, ${reference.creditPackages} credit packages, ` +
        `${reference.gifts} gifts, ${reference.discountCodes} discount codes, ` +
        `${reference.settings} settings`,
    );
    console.log(
      `Demo: ${demo.members} members (${demo.fictional} chatmaatjes), ${demo.staff} operator`,
    );
    console.table(await tableCounts(prisma));
    console.log(`Seeded in ${(totalMs / 1000).toFixed(1)} s`);
  } finally {
    await prisma.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
