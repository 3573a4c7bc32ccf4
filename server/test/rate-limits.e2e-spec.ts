import { seedMember } from '../../prisma/seed/member';
import { loggedInMember } from './helpers/accounts';
import { sessionCookie } from './helpers/mail-app';
import { useTestApp } from './helpers/test-app';

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
        .send({ email });
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
});
