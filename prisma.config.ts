import { defineConfig } from 'prisma/config';

// Used by `prisma generate` (scripts/prisma-generate.mjs). Migrations run through prisma/migrate.ts.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations', seed: 'node --import tsx prisma/seed.ts' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/dating' },
});
