import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeedMemberOptions } from '../../prisma/seed/member.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The Playwright site's database (as tests/e2e/serve.mjs chooses it). */
function e2eDatabaseUrl(): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/dating');
  url.pathname = `/${process.env.E2E_DATABASE ?? 'dating_e2e'}`;
  return url.toString();
}

export interface E2eMember {
  email: string;
  password: string;
  userId: number;
  profileId: number;
}

/** A confirmed member (or, with `roles`, a staff member) made with the shared seed library. */
export function seedE2eMember(options: SeedMemberOptions = {}): E2eMember {
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'tests/e2e/seed-member.ts', JSON.stringify(options)],
    { cwd: root, env: { ...process.env, DATABASE_URL: e2eDatabaseUrl() }, encoding: 'utf8' },
  );
  return JSON.parse(out.trim().split('\n').pop()!) as E2eMember;
}
