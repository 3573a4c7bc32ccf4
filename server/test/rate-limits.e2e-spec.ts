import { SHARED_CATALOGUES } from '@app/contract';
import { randomBytes } from 'node:crypto';
import { seedMember } from '../../prisma/seed/member';
import { hashToken } from '../src/common/tokens';
import { loggedInMember } from './helpers/accounts';
import { sessionCookie } from './helpers/mail-app';
import { useTestApp } from './helpers/test-app';
import { takeChallenge } from './helpers/challenge';

describe('abuse limits', () => {
  const t = useTestApp({
    TRUST_PROXY: '1',
    RATE_LIMIT_SIGNUPS_PER_IP_HOUR: '2',
    RATE_LIMIT_RESETS_PER_IP_HOUR: '2',
    RATE_LIMIT_MAIL_CHANGES_PER_DAY: '2',
    RATE_LIMIT_VISITOR_PROFILES_PER_IP_HOUR: '2',
    RATE_LIMIT_WEBHOOKS_PER_IP_MINUTE: '3',
    RATE_LIMIT_LIKES_PER_MINUTE: '3',
    RATE_LIMIT_LIKES_PER_DAY: '5',
    RATE_LIMIT_COMPLAINTS_PER_HOUR: '3',
    RATE_LIMIT_VISITOR_COMPLAINTS_PER_IP_HOUR: '3',
  });

  let n = 0;
  const signup = (ip: string) => {
    n += 1;
    const email = `limit${n}.${Date.now()}@example.test`;
    const req = t
      .http()
      .post('/api/signup.php')
      .set('X-Request-Type', 'client')
      .set('X-Forwarded-For', ip)
      .send({
        altcha: takeChallenge(),
        email,
        name: `Limiet${n}`,
        password: 'geheim-12345',
        date_of_birth: '1990-05-17',
        gender: 'female',
        accept_terms: true,
        accept_fictional: true,
      });
    return { email, req };
  };

  it('refuses a third signup from one address within the hour, in Dutch, and creates nothing', async () => {
    await signup('203.0.113.5').req.expect(201);
    await signup('203.0.113.5').req.expect(201);
    const third = signup('203.0.113.5');
    const res = await third.req.expect(429);
    expect(res.body).toMatchObject({
      error: 'rate_limited',
      message: 'Te veel verzoeken, probeer het zo nog eens.',
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await t.prisma.user.count({ where: { email: third.email } })).toBe(0);
    // another address is not affected
    await signup('203.0.113.6').req.expect(201);
  });

  it('limits password reset requests per address, whatever the e-mail', async () => {
    const reset = (email: string) =>
      t
        .http()
        .post('/api/reset-password.php')
        .set('X-Request-Type', 'client')
        .set('X-Forwarded-For', '198.51.100.7')
        .send({ email, altcha: takeChallenge() });
    await reset('een@example.test').expect(404);
    await reset('twee@example.test').expect(404);
    const res = await reset('drie@example.test').expect(429);
    expect(res.body.error).toBe('rate_limited');
  });

  it('limits e-mail change mails per member, not per address', async () => {
    const login = async () => {
      const m = await loggedInMember(t);
      return { cookie: m.cookie, password: m.password as string };
    };
    const [first, second] = [await login(), await login()];
    const change = (member: { cookie: string; password: string }) =>
      t
        .http()
        .post('/api/mail-change.php')
        .set('X-Request-Type', 'client')
        .set('Cookie', member.cookie)
        .send({
          email: `nieuw.${Date.now()}.${Math.random()}@example.test`,
          password: member.password,
        });
    await change(first).expect(200);
    await change(first).expect(200);
    expect((await change(first).expect(429)).body.error).toBe('rate_limited');
    await change(second).expect(200);
  });

  it('limits member cards for visitors per address, but not for members', async () => {
    const m = await seedMember(t.seedClient, { passwordCost: 4 });
    const card = () =>
      t.http().get(`/api/member.php?id=${m.profile.id}`).set('X-Forwarded-For', '192.0.2.44');
    await card().expect(200);
    await card().expect(200);
    expect((await card().expect(429)).body.error).toBe('rate_limited');
    const login = await t
      .http()
      .post('/api/user.php')
      .set('X-Request-Type', 'client')
      .set('X-Forwarded-For', '192.0.2.44')
      .send({ email: m.user.email, password: m.password })
      .expect(200);
    for (let i = 0; i < 3; i++) {
      await card().set('Cookie', sessionCookie(login)).expect(200);
    }
  });

  it('limits the likes a member gives per minute and per day, with 429 rate_limited, and not another member’s', async () => {
    const prisma = t.seedClient;
    const login = async () => {
      const m = await loggedInMember(t);
      return { id: m.user.id, cookie: m.cookie };
    };
    const [liker, other] = [await login(), await login()];
    const liked = await Promise.all(
      Array.from({ length: 7 }, () => seedMember(prisma, { passwordCost: 4 })),
    );
    const like = (who: { cookie: string }, i: number) =>
      t
        .http()
        .post('/api/like.php')
        .set('X-Request-Type', 'client')
        .set('Cookie', who.cookie)
        .send({ member: liked[i].profile.id });
    for (const i of [0, 1, 2]) await like(liker, i).expect(200);
    const minute = await like(liker, 3).expect(429);
    expect(minute.body).toMatchObject({ error: 'rate_limited' });
    expect(Number(minute.headers['retry-after'])).toBeLessThanOrEqual(60);
    await like(other, 3).expect(200);
    // the next minute (its window ended): two more make the day's five, the sixth is refused
    await t.redis.del(`ratelimit:likes_minute:member:${liker.id}`);
    for (const i of [3, 4]) await like(liker, i).expect(200);
    const day = await like(liker, 5).expect(429);
    expect(day.body).toMatchObject({ error: 'rate_limited' });
    expect(Number(day.headers['retry-after'])).toBeGreaterThan(60);
    expect(await t.prisma.like.count({ where: { likerId: liker.id } })).toBe(5);
  });

  it('limits payment webhook calls per address, and answers the provider when to call again', async () => {
    const call = (ip: string) =>
      t
        .http()
        .post('/api/payment-webhook.php')
        .set('X-Forwarded-For', ip)
        .type('form')
        .send({ id: 'tr_unknown' });
    for (let i = 0; i < 3; i++) await call('203.0.113.9').expect(200);
    const res = await call('203.0.113.9').expect(429);
    expect(res.body.error).toBe('rate_limited');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // the provider's own address is another
    await call('198.51.100.7').expect(200);
  });
  it('limits notices of illegal content (art. 16) per visitor address and per member, the one over the limit refused with 429 in their language and not stored', async () => {
    const reported = await seedMember(t.seedClient, { passwordCost: 4 });
    const notice = (explanation: string) => ({
      category: 'scam',
      location: `http://site.test/members/${reported.profile.id}`,
      explanation,
      name: 'Een Bezoeker',
      email: 'melder@example.com',
      good_faith: true,
    });
    const send = (ip: string, explanation: string, cookie?: string) => {
      const req = t
        .http()
        .post('/api/notice.php')
        .set('X-Request-Type', 'client')
        .set('X-Forwarded-For', ip);
      if (cookie) req.set('Cookie', cookie);
      return req;
    };
    const stored = (explanation: string) =>
      t.prisma.complaint.count({ where: { notice: true, message: explanation } });

    // a visitor (no session) reading the site in German: three in the hour, the fourth refused
    for (let i = 1; i <= 3; i++) {
      await send('198.51.100.80', `Bezoeker ${i}`)
        .set('Accept-Language', 'de-DE,de;q=0.9')
        .send(notice(`Bezoeker ${i}`))
        .expect(201);
    }
    const refused = await send('198.51.100.80', 'Bezoeker 4')
      .set('Accept-Language', 'de-DE,de;q=0.9')
      .send(notice('Bezoeker 4'))
      .expect(429);
    expect(refused.body).toMatchObject({
      error: 'rate_limited',
      message: SHARED_CATALOGUES.de.errors.rate_limited,
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await stored('Bezoeker 4')).toBe(0);
    expect(await stored('Bezoeker 3')).toBe(1);
    // another visitor's address is not affected
    await send('198.51.100.81', 'Andere bezoeker').send(notice('Andere bezoeker')).expect(201);

    // a member (French) is counted per member, whatever the address, and told in French
    const member = await loggedInMember(t, { language: 'fr' });
    for (let i = 1; i <= 3; i++) {
      await send(`192.0.2.${100 + i}`, `Lid ${i}`, member.cookie)
        .send(notice(`Lid ${i}`))
        .expect(201);
    }
    const over = await send('192.0.2.110', 'Lid 4', member.cookie)
      .send(notice('Lid 4'))
      .expect(429);
    expect(over.body).toMatchObject({
      error: 'rate_limited',
      message: SHARED_CATALOGUES.fr.errors.rate_limited,
    });
    expect(await stored('Lid 4')).toBe(0);
    // the member's limit is theirs: the visitor limit of the address they used is untouched
    await send('192.0.2.110', 'Bezoeker op hetzelfde adres')
      .send(notice('Bezoeker op hetzelfde adres'))
      .expect(201);
  });
  it('lets a banned member read the decision by the ban mail’s link more often than the visitors’ complaint limit, and still appeal', async () => {
    const banned = await seedMember(t.seedClient, { passwordCost: 4 });
    const statement = await t.prisma.statement.create({
      data: {
        userId: banned.user.id,
        kind: 'ban',
        itemType: 'account',
        itemId: banned.user.id,
        ground: 'scam',
        explanation: 'Je vroeg leden om geld.',
      },
    });
    const token = randomBytes(32).toString('base64url');
    await t.prisma.emailToken.create({
      data: {
        userId: banned.user.id,
        type: 'statement_access',
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    const ip = '203.0.113.77';
    // the visitors' complaint limit here is 3 an hour: reading five times, then appealing
    for (let i = 0; i < 5; i++) {
      await t
        .http()
        .get(`/api/statements/access?token=${token}`)
        .set('X-Forwarded-For', ip)
        .expect(200);
    }
    const appealed = await t
      .http()
      .post(`/api/statements/access/${statement.id}/appeal?token=${token}`)
      .set('X-Request-Type', 'client')
      .set('X-Forwarded-For', ip)
      .send({ text: 'Ik vroeg niemand om geld.' })
      .expect(200);
    expect(appealed.body.statement.appeal.text).toBe('Ik vroeg niemand om geld.');
    // and the address may still file a notice: reading the decision used none of that limit
    await t
      .http()
      .post('/api/notice.php')
      .set('X-Request-Type', 'client')
      .set('X-Forwarded-For', ip)
      .send({
        category: 'scam',
        location: 'http://site.test/members/1',
        explanation: 'Vraagt om geld.',
        name: 'Een Bezoeker',
        email: 'melder@example.com',
        good_faith: true,
      })
      .expect(201);
  });
});
