import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from './helpers/test-app';
import { seedTestMember } from './helpers/accounts';
import { sessionCookie } from './helpers/mail-app';
import {
  connect,
  endedSessionsHandled,
  eventually,
  listening,
  type Received,
} from './helpers/sockets';
import { describeUserAgent } from '../src/auth/member-sessions.service';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('a member’s own sessions: list, log out one, log out everywhere', () => {
  let t: TestApp;
  let base: string;
  const sockets: Received[] = [];
  beforeAll(async () => {
    // the test stands in for a GeoIP-aware proxy in front of the app: loopback is trusted
    t = await createTestApp({ SOCKET_SESSION_CHECK_MS: '60000', TRUST_PROXY: 'loopback' });
    base = await listening(t);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(() => t.close());

  /** Logs a member in from a browser (user agent) in a country (the trusted proxy's header). */
  async function login(
    member: { user: { email: string | null }; password: string | null },
    userAgent: string,
    country?: string,
  ) {
    const req = t
      .http()
      .post('/api/user.php')
      .set('X-Request-Type', 'client')
      .set('User-Agent', userAgent);
    if (country) req.set('CF-IPCountry', country);
    return sessionCookie(await req.send({ email: member.user.email, password: member.password }));
  }

  const list = (cookie: string) => t.http().get('/api/sessions.php').set('Cookie', cookie);
  const end = (cookie: string, session: unknown) =>
    t
      .http()
      .delete('/api/session.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .send({ session });

  async function socketOf(cookie: string) {
    const s = await connect(base, cookie);
    sockets.push(s);
    return s;
  }

  it('lists the member’s live sessions with browser, system, country and last seen, this one first', async () => {
    const m = await seedTestMember(t);
    const phone = await login(m, SAFARI_IPHONE, 'de');
    const laptop = await login(m, FIREFOX_LINUX, 'NL');
    // an expired session and another member's session are not listed
    await login(m, FIREFOX_LINUX, 'BE');
    await t.prisma.session.updateMany({
      where: { userId: m.user.id, country: 'BE' },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const other = await seedTestMember(t);
    await login(other, FIREFOX_LINUX, 'FR');

    const res = await list(phone).expect(200);
    expect(res.body.sessions).toHaveLength(2);
    const [first, second] = res.body.sessions;
    expect(first).toMatchObject({
      browser: 'Mobile Safari 17',
      os: 'iOS 17.5',
      device: 'mobile',
      country: 'DE',
      current: true,
    });
    expect(second).toMatchObject({
      browser: 'Firefox 133',
      os: 'Linux',
      device: '',
      country: 'NL',
      current: false,
    });
    for (const s of res.body.sessions) {
      expect(Date.parse(s.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
      expect(Object.keys(s).sort()).toEqual(
        [
          'browser',
          'country',
          'created_at',
          'current',
          'device',
          'id',
          'last_seen_at',
          'os',
        ].sort(),
      );
    }
    const fromLaptop = await list(laptop).expect(200);
    expect(fromLaptop.body.sessions[0]).toMatchObject({ id: second.id, current: true });
  });

  it('keeps no country for a missing or placeholder GeoIP header', async () => {
    const m = await seedTestMember(t);
    const none = await login(m, FIREFOX_LINUX);
    await login(m, FIREFOX_LINUX, 'XX');
    await login(m, FIREFOX_LINUX, 'nonsense');
    const res = await list(none).expect(200);
    expect(res.body.sessions.map((s: { country: string | null }) => s.country)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('logs out one other session: its requests and its open tab are refused, this one goes on', async () => {
    const m = await seedTestMember(t);
    const mine = await login(m, FIREFOX_LINUX, 'NL');
    const theirs = await login(m, SAFARI_IPHONE, 'NL');
    const theirTab = await socketOf(theirs);
    const myTab = await socketOf(mine);
    const sessions = (await list(mine).expect(200)).body.sessions as { id: string }[];
    await end(mine, sessions[1].id).expect(200, { ok: true });

    await eventually(() => !theirTab.socket.connected, 3000);
    await endedSessionsHandled(t, base);
    expect(myTab.socket.connected).toBe(true);
    expect((await t.http().get('/api/user.php').set('Cookie', theirs)).body.user).toBeNull();
    expect((await list(mine).expect(200)).body.sessions).toHaveLength(1);
    await expect(connect(base, theirs)).rejects.toThrow('authentication_required');
    // ending it again: it is gone
    const again = await end(mine, sessions[1].id).expect(404);
    expect(again.body.error).toBe('session_not_found');
  });

  it('never ends another member’s session: their id is a 404 like an unknown one', async () => {
    const m = await seedTestMember(t);
    const mine = await login(m, FIREFOX_LINUX);
    const victim = await seedTestMember(t);
    const victimCookie = await login(victim, FIREFOX_LINUX);
    const victimTab = await socketOf(victimCookie);
    const victimSession = (await list(victimCookie).expect(200)).body.sessions[0].id as string;

    const stolen = await end(mine, victimSession).expect(404);
    expect(stolen.body.error).toBe('session_not_found');
    expect(stolen.body.message).toBe('Deze sessie bestaat niet (meer).');
    await end(mine, randomUUID()).expect(404);
    await endedSessionsHandled(t, base);
    expect(victimTab.socket.connected).toBe(true);
    expect(
      (await t.http().get('/api/user.php').set('Cookie', victimCookie)).body.user,
    ).not.toBeNull();
  });

  it('refuses bad input with a 400, a visitor with 403, and a call without the client header', async () => {
    const m = await seedTestMember(t);
    const mine = await login(m, FIREFOX_LINUX);
    for (const session of ['', 'abc', 42, null, '../1', `${randomUUID()}x`]) {
      const res = await end(mine, session).expect(400);
      expect(res.body.error).toBe('validation_failed');
    }
    await end(mine, undefined).expect(400);
    const visitor = await t.http().get('/api/sessions.php').expect(403);
    expect(visitor.body.error).toBe('authentication_required');
    const sessionId = (await list(mine).expect(200)).body.sessions[0].id as string;
    const anonymous = await t
      .http()
      .delete('/api/session.php')
      .set('X-Request-Type', 'client')
      .send({ session: sessionId })
      .expect(403);
    expect(anonymous.body.error).toBe('authentication_required');
    await t
      .http()
      .delete('/api/sessions.php')
      .set('Cookie', mine)
      .expect(403)
      .expect((res) => expect(res.body.error).toBe('invalid_request_type'));
    expect((await list(mine).expect(200)).body.sessions).toHaveLength(1);
  });

  it('logs out everywhere: every session of the member ends and their tabs disconnect, other members stay', async () => {
    const m = await seedTestMember(t);
    const here = await login(m, FIREFOX_LINUX);
    const there = await login(m, SAFARI_IPHONE);
    const other = await seedTestMember(t);
    const otherCookie = await login(other, FIREFOX_LINUX);
    const tabs = [await socketOf(here), await socketOf(there)];
    const otherTab = await socketOf(otherCookie);

    const res = await t
      .http()
      .delete('/api/sessions.php')
      .set('Cookie', here)
      .set('X-Request-Type', 'client')
      .expect(200, { ok: true });
    // this browser's cookie is cleared too
    expect(String(res.headers['set-cookie'])).toMatch(/sid=;/);
    await eventually(() => tabs.every((tab) => !tab.socket.connected), 3000);
    expect(await t.prisma.session.count({ where: { userId: m.user.id } })).toBe(0);
    for (const cookie of [here, there]) {
      expect((await t.http().get('/api/user.php').set('Cookie', cookie)).body.user).toBeNull();
    }
    await endedSessionsHandled(t, base);
    expect(otherTab.socket.connected).toBe(true);
  });

  it('describes user agents it cannot read as unknown', () => {
    expect(describeUserAgent(null)).toEqual({ browser: '', os: '', device: '' });
    expect(describeUserAgent('curl/8.5.0')).toMatchObject({ os: '', device: '' });
  });
});
