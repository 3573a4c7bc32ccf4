/**
 * The database of the command-line scripts (`npm run db:seed`, `npm run staff:create`):
 * DATABASE_URL from the environment or .env (scripts/load-env.mjs supplies the local default).
 */
import '../scripts/load-env.mjs';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../server/src/generated/prisma/client.ts';

export function connectDatabase(command: string): PrismaClient {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error(
      `DATABASE_URL is not set. Example: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/dating ${command}`,
    );
  }
  return new PrismaClient({ adapter: new PrismaPg({ connectionString }) });
}

/** Runs a script's main function: an error is one line on stderr and exit code 1. */
export function runCommand(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
