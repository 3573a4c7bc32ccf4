/**
 * `npm run db:seed`: reference data (countries, regions, cities, interests, packages, gifts,
 * settings, company info), then, unless demoSeedDecision says no, the demo members, demo login
 * and staff logins, into DATABASE_URL (from the environment or .env; scripts/load-env.mjs
 * supplies the local default), with the demo login's activity and staff work the first time (the
 * logins are printed). With NODE_ENV=production only the reference data, unless
 * ALLOW_DEMO_SEED=true; SEED_DEMO=false skips the demo anywhere. Repeatable: a second run leaves
 * the same rows and never changes an existing account. Prints the row counts and the time taken.
 */
import type { PrismaClient } from '../server/src/generated/prisma/client.ts';
import { connectDatabase, runCommand } from './database.ts';
import {
  ADMIN_LOGIN,
  DEMO_LOGIN,
  MODERATOR_LOGIN,
  OPERATOR_LOGIN,
  demoSeedDecision,
  seedDemo,
  seedReferenceData,
} from './seed/index.ts';

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
  const demoDecision = demoSeedDecision();
  const prisma = connectDatabase('npm run db:seed');
  try {
    const started = performance.now();
    const reference = await seedReferenceData(prisma);
    const referenceMs = performance.now() - started;
    const demo = demoDecision.seed ? await seedDemo(prisma) : null;
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
      demo
        ? `Demo (${demoDecision.reason}): ${demo.members} members (${demo.fictional} chatmaatjes), ` +
            `${demo.staff} staff, ${demo.photos} avatar photos; existing accounts kept as they were`
        : `No demo accounts (${demoDecision.reason}): reference data only`,
    );
    if (demo?.life) {
      const { life } = demo;
      console.log(
        `Demo activity: ${life.conversations} conversations (${life.messages} messages), ` +
          `${life.likes} likes, ${life.pendingPhotos} photos and ${life.complaints} complaint ` +
          `waiting for staff`,
      );
    }
    if (demo) {
      console.log('Demo logins (development only; public passwords):');
      for (const [who, login] of [
        ['member', DEMO_LOGIN],
        ['operator', OPERATOR_LOGIN],
        ['moderator', MODERATOR_LOGIN],
        ['admin', ADMIN_LOGIN],
      ] as const) {
        console.log(`  ${who.padEnd(9)} ${login.email} / ${login.password}`);
      }
    }
    console.table(await tableCounts(prisma));
    console.log(`Seeded in ${(totalMs / 1000).toFixed(1)} s`);
  } finally {
    await prisma.$disconnect();
  }
}

runCommand(main);
