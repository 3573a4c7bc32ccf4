import bcrypt from 'bcrypt';
import { seedMember } from '../../prisma/seed/member';
import { createMailTestApp, sessionCookie, type MailTestApp } from './helpers/mail-app';
import { linkIn, waitForMail } from './helpers/smtp';
import { fillChallenges, takeChallenge } from './helpers/challenge';

const LOCKED = /tijdelijk geblokkeerd$/;

/** The `device=...` cookie a response set, if any. */
function deviceCookie(res: { headers: Record<string, unknown> }): string | undefined {
  const cookies = (res.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((c) => c.startsWith('device='))?.split(';')[0];
}

describe('login security', () => {
  let t: MailTestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createMailTestApp({
      TRUST_PROXY: '1',
      LOGIN_MAX_FAILURES_PER_IP_HOUR: '5',
      BCRYPT_COST: '5',
    });
    await fillChallenges(t, 300);
  });
  afterAll(() => t.close());

  /** A confirmed member with a known password (hashed at `cost`). */
  async function member(cost = 5) {
    n += 1;
    const seeded = await seedMember(t.seedClient, {
      password: `sterk-wachtwoord-${n}`,
      passwordCost: cost,
    });
    return { id: seeded.user.id, email: seeded.user.email as string, password: seeded.password! };
  }

  const login = (email: string, password: string, from: string, cookie?: string) => {
    // a login after a few failures needs a solved challenge: every one here carries one
    const req = t
      .post('/api/user.php', { email, password, altcha: takeChallenge() })
      .set('X-Forwarded-For', from);
    return cookie ? req.set('Cookie', cookie) : req;
  };

  describe('client addresses', () => {
    it('takes the address our proxy saw, not one the client wrote into X-Forwarded-For', async () => {
      const forged = (i: number) => `198.18.0.${i}, 203.0.113.50`;
      for (let i = 1; i < 5; i++) {
        await login(`nobody${i}@example.test`, 'fout-wachtwoord', forged(i)).expect(401);
      }
      const fifth = await login('nobody5@example.test', 'fout-wachtwoord', forged(5)).expect(429);
      expect(fifth.body.error).toBe('login_blocked');
      await login('nobody6@example.test', 'fout-wachtwoord', '203.0.113.51').expect(401);
    });

    it('counts every address of one IPv6 /64 as one client', async () => {
      for (let i = 1; i < 5; i++) {
        await login(`v6-${i}@example.test`, 'fout-wachtwoord', `2001:db8:7:9::${i}`).expect(401);
      }
      await login('v6-5@example.test', 'fout-wachtwoord', '2001:db8:7:9:ffff::5').expect(429);
      await login('v6-6@example.test', 'fout-wachtwoord', '2001:db8:7:a::1').expect(401);
    });

    it('does not reset an address’s count when someone logs in from it', async () => {
      const own = await member();
      const from = '203.0.113.77';
      for (let i = 1; i < 4; i++) {
        await login(`victim${i}@example.test`, 'fout-wachtwoord', from).expect(401);
      }
      await login(own.email, own.password, from).expect(200);
      await login('victim4@example.test', 'fout-wachtwoord', from).expect(401);
      await login('victim5@example.test', 'fout-wachtwoord', from).expect(429);
    });
  });

  describe('account lock', () => {
    /** Ten wrong passwords for the account, each from an address of its own. */
    async function lockOut(email: string, prefix: string) {
      for (let i = 0; i < 9; i++)
        await login(email, 'fout-wachtwoord', `${prefix}.${i}`).expect(401);
      await login(email, 'fout-wachtwoord', `${prefix}.9`).expect(429);
    }

    it('cannot keep the owner out: a browser the owner logged in from before still gets in', async () => {
      const m = await member();
      const first = await login(m.email, m.password, '192.0.2.10').expect(200);
      const device = deviceCookie(first);
      expect(device).toBeDefined();
      expect(
        (first.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('device=')),
      ).toMatch(/Path=\/api; .*HttpOnly/);

      await lockOut(m.email, '10.20.0');
      const stranger = await login(m.email, m.password, '192.0.2.11').expect(429);
      expect(stranger.body.message).toBe(
        'Te veel foute pogingen, account voor 15 min geblokkeerd.',
      );
      const owner = await login(m.email, m.password, '192.0.2.10', device).expect(200);
      expect(owner.body.user.id).toBe(m.id);
    });

    it('gives a trusted browser a limit of its own', async () => {
      const m = await member();
      const device = deviceCookie(await login(m.email, m.password, '192.0.2.20').expect(200));
      for (let i = 0; i < 9; i++) {
        await login(m.email, 'fout-wachtwoord', `10.30.0.${i}`, device).expect(401);
      }
      await login(m.email, 'fout-wachtwoord', '10.30.0.9', device).expect(429);
      await login(m.email, m.password, '10.30.1.1', device).expect(429);
      // the account itself was not locked for other browsers by those failures
      await login(m.email, m.password, '10.30.1.2').expect(200);
    });

    it('mails the owner once a link that lets their browser in while the lock lasts', async () => {
      const m = await member();
      await lockOut(m.email, '10.40.0');
      await login(m.email, 'fout-wachtwoord', '10.40.1.1').expect(429);
      const mail = await waitForMail(t.smtp.mails, m.email, LOCKED);
      expect(t.smtp.mails.filter((x) => x.to.includes(m.email))).toHaveLength(1);
      const link = linkIn(mail).replace('http://site.test', '');
      expect(link).toMatch(/^\/api\/login-unlock\.php\?token=/);

      const unlocked = await t.http().get(link).expect(302);
      expect(unlocked.headers.location).toBe('/login?unlocked=1');
      const device = deviceCookie(unlocked);
      expect(device).toBeDefined();
      await login(m.email, m.password, '192.0.2.30', device).expect(200);
      await login(m.email, m.password, '192.0.2.31').expect(429);
      expect((await t.http().get(link).expect(302)).headers.location).toBe('/login?unlocked=0');
    });

    it('keeps the 20 most recent trusted browsers of a member, not an endless list', async () => {
      const m = await member();
      for (let i = 0; i < 22; i++)
        await login(m.email, m.password, `192.0.2.${100 + i}`).expect(200);
      expect(await t.prisma.trustedDevice.count({ where: { userId: m.id } })).toBe(20);
    });

    it('forgets trusted browsers when the password is reset', async () => {
      const m = await member();
      const device = deviceCookie(await login(m.email, m.password, '192.0.2.40').expect(200));
      await t
        .post('/api/reset-password.php', { email: m.email, altcha: takeChallenge() })
        .expect(200);
      const reset = await waitForMail(t.smtp.mails, m.email, /^Nieuw wachtwoord/);
      const token = decodeURIComponent(new URL(linkIn(reset)).searchParams.get('token') as string);
      await t
        .post('/api/reset-password-do.php', {
          token,
          password: 'nieuw-wachtwoord-9',
          password_repeat: 'nieuw-wachtwoord-9',
        })
        .expect(200);
      await lockOut(m.email, '10.50.0');
      await login(m.email, 'nieuw-wachtwoord-9', '192.0.2.40', device).expect(429);
    });
  });

  describe('passwords', () => {
    it.each([
      ['kort-12', 'password_too_short'],
      ['a'.repeat(73), 'password_too_long'],
      ['wachtwoord-{name}', 'password_personal'],
      ['{local}-2026!', 'password_personal'],
    ])('refuses %j at signup with %s', async (template, code) => {
      n += 1;
      const email = `policy${n}.${Date.now()}@example.test`;
      const name = `Sanne${n}`;
      const password = template.replace('{name}', name).replace('{local}', email.split('@')[0]);
      const res = await t
        .post('/api/signup.php', {
          altcha: takeChallenge(),
          email,
          name,
          password,
          date_of_birth: '1990-05-17',
          gender: 'female',
          accept_terms: true,
          accept_fictional: true,
        })
        .expect(400);
      expect(res.body).toMatchObject({ error: code, field: 'password' });
      expect(await t.prisma.user.count({ where: { email } })).toBe(0);
    });

    it('never lets bcrypt cut a password: 72 matching bytes and more do not log in', async () => {
      const m = await member();
      const exact = 'x'.repeat(72);
      await t.prisma.user.update({
        where: { id: m.id },
        data: { passwordHash: await bcrypt.hash(exact, 4) },
      });
      await login(m.email, `${exact}Y`, '192.0.2.60').expect(401);
      await login(m.email, exact, '192.0.2.61').expect(200);
    });

    it('upgrades a hash of a lower cost at the next login', async () => {
      const m = await member(4);
      await login(m.email, m.password, '192.0.2.70').expect(200);
      const { passwordHash } = await t.prisma.user.findUniqueOrThrow({ where: { id: m.id } });
      expect(bcrypt.getRounds(passwordHash as string)).toBe(5);
      await login(m.email, m.password, '192.0.2.71').expect(200);
    });

    it('does as much bcrypt work for an unknown address as for a known one, whatever its cost', async () => {
      const current = await member(5);
      const stale = await member(4);
      const costs: number[][] = [];
      const compare = bcrypt.compare.bind(bcrypt);
      const spy = jest
        .spyOn(bcrypt, 'compare')
        .mockImplementation((data: string | Buffer, hash: string) => {
          costs.at(-1)?.push(bcrypt.getRounds(hash));
          return compare(data, hash);
        });
      try {
        for (const [email, from] of [
          ['unknown-timing@example.test', '192.0.2.80'],
          [current.email, '192.0.2.81'],
          [stale.email, '192.0.2.82'],
        ]) {
          costs.push([]);
          await login(email, 'fout-wachtwoord', from).expect(401);
        }
      } finally {
        spy.mockRestore();
      }
      // every path compares once at today's cost; a cheaper stored hash is padded on top
      expect(costs).toEqual([[5], [5], [4, 5]]);
    });
  });

  it('ends the session a browser held when it logs in again', async () => {
    const m = await member();
    const first = sessionCookie(await login(m.email, m.password, '192.0.2.90').expect(200));
    await login(m.email, m.password, '192.0.2.90', first).expect(200);
    const me = await t.http().get('/api/user.php').set('Cookie', first).expect(200);
    expect(me.body.user).toBeNull();
  });
});
