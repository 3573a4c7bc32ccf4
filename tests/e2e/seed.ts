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

/** Traffic report rows (prisma/seed/traffic.ts) in the site's database, by the seeding service. */
export async function seedE2eTraffic(options: {
  to: string;
  days: number;
  sources: {
    network: string;
    ref?: string;
    sub2?: string;
    lander?: string;
    slug?: string;
    visits: number;
  }[];
}): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${seedServicePort()}/traffic`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(options),
  });
  if (!answer.ok) throw new Error(`seeding traffic failed: ${await answer.text()}`);
}

/**
 * Makes a conversation one that has waited for a chat partner's reply since `since` (the
 * seeding service), so that the operators' "next conversation" hands it out before the demo's.
 */
export async function seedE2eWaitingSince(conversationId: number, since: Date): Promise<void> {
  const answer = await fetch(`http://127.0.0.1:${seedServicePort()}/conversation-waited`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ conversationId, since: since.toISOString() }),
  });
  if (!answer.ok) throw new Error(`backdating a conversation failed: ${await answer.text()}`);
}
