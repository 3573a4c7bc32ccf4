import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * A real solver of the proof-of-work challenge for journeys that call the API themselves: it
 * asks `base` for a challenge (GET /api/challenge.php) and solves it (the test sites set the
 * work low); the payload goes in the request's `altcha` field, once.
 */
export async function solvedChallenge(base: string): Promise<string> {
  const res = await fetch(`${base}/api/challenge.php`);
  if (!res.ok) throw new Error(`GET /api/challenge.php: ${res.status}`);
  const challenge = (await res.json()) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
