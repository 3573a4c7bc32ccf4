import { randomUUID } from 'node:crypto';
import { loginSeededMember } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Idempotency-Key on calls that send something: a repeat with the same key (the retry of a
 * request whose answer was lost) gets the first answer and sends nothing again.
 */
describe('Idempotency-Key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function member() {
    const { member, cookies } = await loginSeededMember(t);
    const cookie = cookies
      .split('\n')
      .map((line) => line.split(';')[0])
      .join('; ');
    return { id: member.user.id, password: member.password as string, cookie };
  }

  const mailChange = (m: { cookie: string; password: string }, email: string, key?: string) => {
    const req = t
      .http()
      .post('/api/mail-change.php')
      .set('X-Request-Type', 'client')
      .set('Cookie', m.cookie);
    if (key) req.set('Idempotency-Key', key);
    return req.send({ email, password: m.password });
  };

  const mailsOf = (userId: number) => t.prisma.mailIntent.count({ where: { userId } });

  it('answers a repeat with the first answer and sends the mails once', async () => {
    const m = await member();
    const key = randomUUID();
    const email = `nieuw.${Date.now()}@example.test`;
    const first = await mailChange(m, email, key).expect(200);
    const again = await mailChange(m, email, key).expect(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // the confirmation to the new address and the notice to the old one: once each
    expect(await mailsOf(m.id)).toBe(2);
  });

  it('runs a repeat only once when both arrive at the same moment', async () => {
    const m = await member();
    const key = randomUUID();
    const email = `tegelijk.${Date.now()}@example.test`;
    const results = await Promise.all([mailChange(m, email, key), mailChange(m, email, key)]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    expect(await mailsOf(m.id)).toBe(2);
  });

  it('refuses the same key for a different request', async () => {
    const m = await member();
    const key = randomUUID();
    await mailChange(m, `een.${Date.now()}@example.test`, key).expect(200);
    const res = await mailChange(m, `twee.${Date.now()}@example.test`, key).expect(422);
    expect(res.body.error).toBe('idempotency_key_reused');
    expect(await mailsOf(m.id)).toBe(2);
  });

  it('keeps nothing of a failed call, so its retry with the same key runs again', async () => {
    const m = await member();
    const key = randomUUID();
    const wrong = await t
      .http()
      .post('/api/mail-change.php')
      .set('X-Request-Type', 'client')
      .set('Cookie', m.cookie)
      .set('Idempotency-Key', key)
      .send({ email: `later.${Date.now()}@example.test`, password: 'fout-wachtwoord' })
      .expect(400);
    expect(wrong.body.error).toBe('wrong_password');
    await mailChange(m, `later.${Date.now()}@example.test`, key).expect(200);
  });

  it('keeps keys apart per member, and runs every call without a key', async () => {
    const [a, b] = [await member(), await member()];
    const key = randomUUID();
    await mailChange(a, `a.${Date.now()}@example.test`, key).expect(200);
    await mailChange(b, `b.${Date.now()}@example.test`, key).expect(200);
    await mailChange(a, `c.${Date.now()}@example.test`).expect(200);
    // each request that ran told the current address once
    const notices = (userId: number) =>
      t.prisma.mailIntent.count({ where: { userId, template: 'mail_change_notice' } });
    expect(await notices(a.id)).toBe(2);
    expect(await notices(b.id)).toBe(1);
  });

  it('refuses a malformed key', async () => {
    const m = await member();
    const res = await mailChange(m, `x.${Date.now()}@example.test`, 'kort').expect(400);
    expect(res.body.error).toBe('invalid_idempotency_key');
  });
});
