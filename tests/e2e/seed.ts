import type { SeedMemberOptions } from '../../prisma/seed/member.ts';
import { seedServicePort } from './seed-config.js';

export interface E2eMember {
  email: string;
  password: string;
  userId: number;
  profileId: number;
}

/**
 * A confirmed member (or, with `roles`, a staff member) made with the shared seed library, by
 * the seeding service Playwright starts beside the site (tests/e2e/seed-service.ts).
 */
export async function seedE2eMember(options: SeedMemberOptions = {}): Promise<E2eMember> {
  const answer = await fetch(`http://127.0.0.1:${seedServicePort()}/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(options),
  });
  if (!answer.ok) throw new Error(`seeding a member failed: ${await answer.text()}`);
  return (await answer.json()) as E2eMember;
}
