import { randomUUID } from 'node:crypto';
import { openApiDocument } from '../src/app';
import { loginSeededMember } from './helpers/accounts';
import { chatMember, sendText } from './helpers/chat';
import { useTestApp } from './helpers/test-app';

/**
 * Idempotency-Key on calls that send something: a repeat with the same key (the retry of a
 * request whose answer was lost) gets the first answer and sends nothing again.
 */
describe('Idempotency-Key', () => {
  const t = useTestApp();

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

  describe('calls that move money or credits (@PaidCall)', () => {
    const MONEY_CALLS = [
      '/api/payment.php',
      '/api/repeat-order.php',
      '/api/directdebit-confirm.php',
      '/api/message.php',
      '/api/message-photo.php',
    ];

    it('describes each with a required Idempotency-Key that is a UUID', () => {
      type Operation = { parameters?: { name: string; in: string; required?: boolean }[] };
      const doc = openApiDocument(t.app) as unknown as {
        paths: Record<string, { post?: Operation }>;
      };
      for (const path of MONEY_CALLS) {
        const header = doc.paths[path].post?.parameters?.find(
          (p) => p.in === 'header' && p.name === 'Idempotency-Key',
        );
        expect([path, header]).toEqual([
          path,
          expect.objectContaining({ required: true, schema: { type: 'string', format: 'uuid' } }),
        ]);
      }
    });

    it('refuses each without a key (idempotency_key_required) or with a key that is not a UUID (invalid_idempotency_key), before anything runs', async () => {
      const a = await chatMember(t);
      const b = await chatMember(t);
      for (const path of MONEY_CALLS) {
        const send = (key?: string) => {
          const req = t.http().post(path).set('Cookie', a.cookie).set('X-Request-Type', 'client');
          if (key) req.set('Idempotency-Key', key);
          return req.send({ type: 'text', text: 'Hoi', member: b.profile.id, mandate: 1 });
        };
        const missing = await send();
        expect([path, missing.status, missing.body.error]).toEqual([
          path,
          400,
          'idempotency_key_required',
        ]);
        const plain = await send('een-eigen-sleutel-1');
        expect([path, plain.status, plain.body.error]).toEqual([
          path,
          400,
          'invalid_idempotency_key',
        ]);
      }
      expect(await t.prisma.message.count({ where: { senderId: a.user.id } })).toBe(0);
      expect(await t.prisma.payment.count({ where: { userId: a.user.id } })).toBe(0);
    });

    it('answers a visitor 403 authentication_required, with or without a key', async () => {
      for (const path of MONEY_CALLS) {
        for (const key of [undefined, randomUUID()]) {
          const req = t.http().post(path).set('X-Request-Type', 'client');
          if (key) req.set('Idempotency-Key', key);
          const res = await req.send({});
          expect([path, res.status, res.body.error]).toEqual([
            path,
            403,
            'authentication_required',
          ]);
        }
      }
    });

    it('takes a UUID key in capitals as the same key', async () => {
      const a = await chatMember(t, { credits: 50 });
      const b = await chatMember(t);
      const key = randomUUID();
      await sendText(t, a, { member: b.profile.id }, 'Eén keer', key.toUpperCase()).expect(201);
      const again = await sendText(t, a, { member: b.profile.id }, 'Eén keer', key).expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await t.prisma.message.count({ where: { senderId: a.user.id } })).toBe(1);
      expect((await t.prisma.user.findUniqueOrThrow({ where: { id: a.user.id } })).credits).toBe(
        40,
      );
    });
  });
});
