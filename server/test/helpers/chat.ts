import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';
import { loggedInMember } from './accounts';
import type { SeedMemberOptions } from '../../../prisma/seed/member';

export type ChatMember = Awaited<ReturnType<typeof loggedInMember>>;

/** A confirmed member with credits, logged in (cookie), ready to chat. */
export function chatMember(t: TestApp, options: SeedMemberOptions = {}): Promise<ChatMember> {
  return loggedInMember(t, { credits: 1000, ...options });
}

/** POST /api/message.php as `from` with a fresh (or the given) Idempotency-Key. */
function postMessage(
  t: TestApp,
  from: { cookie: string },
  body: ({ type: 'text'; text: string } | { type: 'gift'; gift: number }) &
    ({ member: number } | { conversation: number }),
  key: string,
) {
  return t
    .http()
    .post('/api/message.php')
    .set('Cookie', from.cookie)
    .set('X-Request-Type', 'client')
    .set('Idempotency-Key', key)
    .send(body);
}

export function sendText(
  t: TestApp,
  from: { cookie: string },
  to: { member: number } | { conversation: number },
  text = 'Hoi!',
  key: string = randomUUID(),
) {
  return postMessage(t, from, { type: 'text', text, ...to }, key);
}

export function sendGift(
  t: TestApp,
  from: { cookie: string },
  to: { member: number } | { conversation: number },
  gift: number,
  key: string = randomUUID(),
) {
  return postMessage(t, from, { type: 'gift', gift, ...to }, key);
}

export function sendPhoto(
  t: TestApp,
  from: { cookie: string },
  to: { member: number } | { conversation: number },
  data: Buffer,
  key: string = randomUUID(),
) {
  const req = t
    .http()
    .post('/api/message-photo.php')
    .set('Cookie', from.cookie)
    .set('X-Request-Type', 'client')
    .set('Idempotency-Key', key);
  for (const [name, value] of Object.entries(to)) req.field(name, String(value));
  return req.attach('photo', data, { filename: 'photo.jpg', contentType: 'image/jpeg' });
}

export function get(t: TestApp, who: { cookie: string }, path: string) {
  return t.http().get(path).set('Cookie', who.cookie);
}

export function read(t: TestApp, who: { cookie: string }, conversation: number, seq: number) {
  return t
    .http()
    .post('/api/chat-read.php')
    .set('Cookie', who.cookie)
    .set('X-Request-Type', 'client')
    .send({ conversation, seq });
}

export function removeChat(
  t: TestApp,
  who: { cookie: string },
  body: { conversation: number } | { member: number },
) {
  return t
    .http()
    .delete('/api/chat.php')
    .set('Cookie', who.cookie)
    .set('X-Request-Type', 'client')
    .send(body);
}
