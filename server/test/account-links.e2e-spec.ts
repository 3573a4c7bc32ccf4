import { signupBody } from './helpers/accounts';
import { sessionCookie } from './helpers/mail-app';
import { cookieOf, staffAccount } from './helpers/staff';
import { chatMember, sendText } from './helpers/chat';
import { fillChallenges, takeChallenge } from './helpers/challenge';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Issue 35, item 3: one person's accounts, and the benefits that go once per person. */
describe('accounts tied to one person', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    await fillChallenges(t, 20);
  });
  afterAll(() => t.close());

  /** A signup from `ip`, in the browser holding `browser` (none: a new browser). */
  async function signup(ip: string, browser?: string) {
    const req = t
      .http()
      .post('/api/signup.php')
      .set('X-Request-Type', 'client')
      .set('X-Forwarded-For', ip);
    if (browser) req.set('Cookie', `browser=${browser}`);
    const body = { ...signupBody(), altcha: takeChallenge() };
    const res = await req.send(body).expect(201);
    const cookies = res.headers['set-cookie'] as unknown as string[];
    const set = cookies.find((line) => line.startsWith('browser='));
    return {
      id: res.body.user.id as number,
      email: body.email,
      cookie: sessionCookie(res),
      browser: browser ?? set?.slice('browser='.length).split(';')[0] ?? '',
      browserCookie: set,
    };
  }
  const welcome = (cookie: string) =>
    t.http().get('/api/discountcode.php?welcome=true').set('Cookie', cookie);

  it('gives each browser a long-lived, httpOnly browser cookie at signup, kept by the next signup', async () => {
    const first = await signup('198.51.100.10');
    expect(first.browserCookie).toMatch(/HttpOnly/i);
    expect(first.browserCookie).toMatch(/Path=\/api/);
    const expires = new Date(/Expires=([^;]+)/.exec(first.browserCookie ?? '')![1]).getTime();
    expect(expires - Date.now()).toBeGreaterThan(700 * 86_400_000);
    const second = await signup('198.51.100.11', first.browser);
    expect(second.browserCookie).toBeUndefined();
  });

  it('refuses the welcome discount to a second account in the same browser once the first has paid', async () => {
    const first = await signup('203.0.113.20');
    await welcome(first.cookie).expect(200);
    await t.prisma.user.update({ where: { id: first.id }, data: { paidUser: true } });

    const second = await signup('192.0.2.99', first.browser);
    const refused = await welcome(second.cookie).expect(409);
    expect(refused.body).toEqual({
      error: 'discount_linked_account',
      message: 'De welkomstkorting is al gebruikt met een ander account van jou.',
    });
    const typed = await t
      .http()
      .get('/api/discountcode.php?code=TIMEBONUS25')
      .set('Cookie', second.cookie)
      .expect(409);
    expect(typed.body.error).toBe('discount_linked_account');
  });

  it('does not refuse it to someone else behind the same address range (an office, a CGNAT)', async () => {
    const first = await signup('203.0.113.30');
    await t.prisma.user.update({ where: { id: first.id }, data: { paidUser: true } });
    const neighbour = await signup('203.0.113.31');
    await welcome(neighbour.cookie).expect(200);
  });

  it('refuses a new free conversation when another free account in the same browser used the free ones', async () => {
    const first = await signup('198.51.100.40');
    const partners = await Promise.all([chatMember(t), chatMember(t), chatMember(t)]);
    for (const partner of partners.slice(0, 2)) {
      const a = await t.prisma.user.findUniqueOrThrow({ where: { id: first.id } });
      await t.prisma.conversation.create({
        data: {
          userLowId: Math.min(a.id, partner.user.id),
          userHighId: Math.max(a.id, partner.user.id),
          initiatorId: a.id,
        },
      });
    }
    const second = await signup('198.51.100.41', first.browser);
    await t.prisma.user.update({ where: { id: second.id }, data: { status: 'confirmed' } });
    const res = await sendText(t, second, { member: partners[2].profile.id });
    expect([res.status, res.body.error]).toEqual([403, 'free_conversations_linked']);
    expect(res.body.message).toMatch(/ander account van jou/);
  });

  it('shows admins the linked accounts on the member page with the signals they share; other roles get 403', async () => {
    const first = await signup('203.0.113.50');
    const same = await signup('203.0.113.51', first.browser);
    const neighbour = await signup('203.0.113.52');
    const admin = await cookieOf(await staffAccount(t, ['admin']), t);
    const page = await t
      .http()
      .get(`/api/staff/members/${first.id}`)
      .set('Cookie', admin)
      .expect(200);
    const linked = page.body.linked_accounts as { id: number; kinds: string[] }[];
    expect(linked.find((l) => l.id === same.id)?.kinds).toEqual(['address_range', 'device']);
    expect(linked.find((l) => l.id === neighbour.id)?.kinds).toEqual(['address_range']);
    for (const role of ['moderator', 'operator'] as const) {
      const cookie = await cookieOf(await staffAccount(t, [role]), t);
      const refused = await t
        .http()
        .get(`/api/staff/members/${first.id}`)
        .set('Cookie', cookie)
        .expect(403);
      expect(JSON.stringify(refused.body)).not.toContain(same.email);
    }
  });
});
