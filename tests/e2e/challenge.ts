import type { APIRequestContext, APIResponse } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

type Challenge = Parameters<typeof solveChallenge>[0]['challenge'];

/** Solves a challenge the site handed out, as the widget does; the payload for `altcha`. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * A real solver of the proof-of-work challenge for journeys that call the API themselves: it
 * asks `base` for a challenge (GET /api/challenge.php) and solves it (the test sites set the
 * work low); the payload goes in the request's `altcha` field, once.
 */
export async function solvedChallenge(base: string): Promise<string> {
  const res = await fetch(`${base}/api/challenge.php`);
  if (!res.ok) throw new Error(`GET /api/challenge.php: ${res.status}`);
  return solve((await res.json()) as Challenge);
}

/**
 * POST /api/user.php through `api` (a page's request context or an API context), as the login
 * page does: the journeys all come from one client address, and once that address has had a few
 * wrong passwords (a journey about them) the login asks for the proof of work
 * (`challenge_required`), solved here and the login sent again.
 */
export async function postLogin(
  api: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<APIResponse> {
  const headers = { 'X-Request-Type': 'client' };
  const first = await api.post('/api/user.php', { headers, data: credentials });
  if (first.status() !== 400) return first;
  const { error } = (await first.json()) as { error?: string };
  if (error !== 'challenge_required') return first;
  const challenge = await api.get('/api/challenge.php');
  if (!challenge.ok()) throw new Error(`GET /api/challenge.php: ${challenge.status()}`);
  const altcha = await solve((await challenge.json()) as Challenge);
  return api.post('/api/user.php', { headers, data: { ...credentials, altcha } });
}
