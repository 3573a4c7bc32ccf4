// Loads .env (if present) and fills the local defaults a newcomer's machine needs, so that
// `npm run setup`, `npm start`, `npm run db:migrate` and `npm run db:seed` work without one.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const envFile = path.join(root, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);

process.env.DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/dating';
process.env.REDIS_URL ??= 'redis://127.0.0.1:6379';
