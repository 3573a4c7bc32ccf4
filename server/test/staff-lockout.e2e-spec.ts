import { STAFF_COOKIE } from '@app/contract';
import { solvedChallenge } from './helpers/challenge';
import { createMailTestApp, type MailTestApp } from './helpers/mail-app';
import { linkIn, waitForMail } from './helpers/smtp';
import { signIn, staffAccount, totp, type StaffAccount } from './helpers/staff';

const LOCKED = /tijdelijk geblokkeerd$/;

/** The `name=value` of a cookie a response set, if any. */
function cookieSet(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((c) => c.startsWith(`${name}=`))?.split(';')[0];
}

/**
 * Security review 2026-11-28, M1: strangers typing a staff member's address (on the member login
 * or the console's) cannot keep them out of the console. A browser that completed a sign-in
 * before, or followed the lock mail's link, counts its own failures; an admin can lift the lock.
 */
describe('the staff sign-in lock', () => {
  let t: MailTestApp;

  beforeAll(async () => {
    t = await createMailTestApp({ TRUST_PROXY: '1', BCRYPT_COST: '5' });
  });
  afterAll(() => t.close());

  /** A request from `from` (our proxy's X-Forwarded-For), in a browser holding `cookie`. */
  const post = (path: string, body: object, from: string, cookie?: string) => {
    const req = t.post(path, body).set('X-Forwarded-For', from);
    return cookie ? req.set('Cookie', cookie) : req;
  };

  /**
   * Password and code, from `from` in a browser with `device` (if any); the answers. A code is
   * good once: an account's second sign-in in a test takes the next time step's (`later`).
   */
  async function signInFrom(
    account: StaffAccount,
    from: string,
    { device, later = false }: { device?: string; later?: boolean } = {},
  ) {
    const first = await post(
      '/api/staff/login',
      { email: account.email, password: account.password },
      from,
      device,
    );
    if (first.status !== 200) return { first, second: null };
    const epoch = Math.floor(Date.now() / 1000) + (later ? 30 : 0);
    const second = await post(
      '/api/staff/login-code',
      { challenge: first.body.challenge, code: await totp(account.secret!, epoch) },
      from,
      device,
    );
    return { first, second };
  }

  /**
   * Ten wrong member logins for the address, from addresses of a stranger's (each with a solved
   * proof of work: after a few failures the login asks for one).
   */
  async function lockOnMemberLogin(email: string, prefix: string) {
    const wrong = async () => ({
      email,
      password: 'fout-wachtwoord',
      altcha: await solvedChallenge(t),
    });
    for (let i = 0; i < 9; i++) {
      await post('/api/user.php', await wrong(), `${prefix}.${i}`).expect(401);
    }
    await post('/api/user.php', await wrong(), `${prefix}.9`).expect(429);
  }

  it('lets a staff member in from a browser that signed in before, while strangers keep the account locked', async () => {
    const account = await staffAccount(t, ['operator']);
    const before = await signInFrom(account, '192.0.2.10');
    expect(before.second?.status).toBe(200);
    const device = cookieSet(before.second!, 'device');
    expect(device).toBeDefined();

    await lockOnMemberLogin(account.email, '10.50.0');
    // a new browser: locked, even with the right password
    const stranger = await post(
      '/api/staff/login',
      { email: account.email, password: account.password },
      '192.0.2.11',
    ).expect(429);
    expect(stranger.body.error).toBe('login_blocked');
    // and so are wrong staff passwords typed elsewhere
    await post(
      '/api/staff/login',
      { email: account.email, password: 'fout-wachtwoord' },
      '10.50.1.1',
    ).expect(429);

    const owner = await signInFrom(account, '192.0.2.10', { device, later: true });
    expect(owner.first.status).toBe(200);
    expect(owner.second?.status).toBe(200);
    expect(cookieSet(owner.second!, STAFF_COOKIE)).toBeDefined();
    // it was trusted already: no new device cookie
    expect(cookieSet(owner.second!, 'device')).toBeUndefined();
  });

  it('lets the browser that follows the lock mail’s link into the console, landing on its sign-in', async () => {
    const account = await staffAccount(t, ['moderator']);
    await lockOnMemberLogin(account.email, '10.60.0');
    const mail = await waitForMail(t.smtp.mails, account.email, LOCKED);
    const link = linkIn(mail).replace('http://site.test', '');
    const unlocked = await t.http().get(link).expect(302);
    expect(unlocked.headers.location).toBe('/admin/login?unlocked=1');
    // the link is used: followed again it says so, still on the console's sign-in
    expect((await t.http().get(link).expect(302)).headers.location).toBe('/admin/login?unlocked=0');
    const device = cookieSet(unlocked, 'device');
    expect(device).toBeDefined();

    await post(
      '/api/staff/login',
      { email: account.email, password: account.password },
      '192.0.2.20',
    ).expect(429);
    const owner = await signInFrom(account, '192.0.2.20', { device });
    expect(owner.first.status).toBe(200);
    expect(owner.second?.status).toBe(200);
  });

  it('still limits guessing from new browsers, per account and per address, codes included', async () => {
    const account = await staffAccount(t, ['operator']);
    // someone who knows the password but not the authenticator: the right password clears
    // nothing, so wrong codes add up across challenges until new browsers are locked
    for (let round = 0; round < 2; round++) {
      const first = await post(
        '/api/staff/login',
        { email: account.email, password: account.password },
        `10.70.${round}.1`,
      ).expect(200);
      for (let i = 0; i < 5; i++) {
        await post(
          '/api/staff/login-code',
          { challenge: first.body.challenge, code: '000000' },
          `10.70.${round}.1`,
        ).expect(401);
      }
    }
    await post(
      '/api/staff/login',
      { email: account.email, password: account.password },
      '10.70.9.1',
    ).expect(429);
    // the owner was mailed the way back
    await waitForMail(t.smtp.mails, account.email, LOCKED);
  });

  it('shows an admin which staff accounts are locked and lets them lift a lock, in the audit log', async () => {
    const account = await staffAccount(t, ['operator']);
    const admin = await staffAccount(t, ['admin']);
    const adminCookie = await signIn(t, admin);
    await lockOnMemberLogin(account.email, '10.80.0');
    await post(
      '/api/staff/login',
      { email: account.email, password: account.password },
      '192.0.2.40',
    ).expect(429);
    const lockedOf = async () => {
      const list = await t
        .http()
        .get('/api/staff/accounts')
        .set('Cookie', adminCookie)
        .set('X-Forwarded-For', '192.0.2.41')
        .expect(200);
      const accounts = list.body.accounts as { id: number; locked: boolean }[];
      return Object.fromEntries(accounts.map((a) => [a.id, a.locked]));
    };
    expect(await lockedOf()).toMatchObject({ [account.id]: true, [admin.id]: false });

    const res = await post(
      `/api/staff/accounts/${account.id}/unlock`,
      { reason: 'buitengesloten door iemand anders' },
      '192.0.2.41',
      adminCookie,
    ).expect(200);
    expect(res.body.account).toMatchObject({ id: account.id, locked: false });
    expect((await lockedOf())[account.id]).toBe(false);
    const after = await signInFrom(account, '192.0.2.40');
    expect(after.second?.status).toBe(200);

    const rows = await t.prisma.staffAuditEntry.findMany({
      where: { action: 'staff.login_unlocked', targetUserId: account.id },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      before: { locked: true },
      after: { locked: false },
      reason: 'buitengesloten door iemand anders',
    });
    // other staff may not: the role test tries every role, this one the operator itself
    const operatorCookie = await signIn(t, await staffAccount(t, ['operator', 'moderator']));
    await post(`/api/staff/accounts/${account.id}/unlock`, {}, '192.0.2.42', operatorCookie)
      .expect(403)
      .expect((r) => expect(r.body.error).toBe('forbidden'));
  });
});
