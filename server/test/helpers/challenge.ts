import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { TestApp } from './test-app';

/**
 * A real solver of the proof-of-work challenge (ALTCHA) for tests: it asks the server for a
 * challenge (GET /api/challenge.php), solves it as the web widget does (tests set
 * ALTCHA_MAX_NUMBER and ALTCHA_COST low: milliseconds) and gives the payload for a request's
 * `altcha` field. The server checks it in full and accepts it once.
 */
export async function solvedChallenge(t: Pick<TestApp, 'http'>): Promise<string> {
  const res = await t.http().get('/api/challenge.php').expect(200);
  const challenge = res.body as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Solved challenges kept ready for the helpers that build a request body at once
 * (signupBody): createTestApp fills a few, a file that needs more fills them in beforeAll.
 */
const ready: string[] = [];

export async function fillChallenges(t: Pick<TestApp, 'http'>, count: number): Promise<void> {
  const answers = await Promise.all(Array.from({ length: count }, () => solvedChallenge(t)));
  ready.push(...answers);
}

/** One solved challenge from the ready ones; each is used once. */
export function takeChallenge(): string {
  const answer = ready.pop();
  if (!answer) {
    throw new Error('no solved challenge ready: call `await fillChallenges(t, n)` in beforeAll');
  }
  return answer;
}
