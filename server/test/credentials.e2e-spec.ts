import { createMailTestApp, sessionCookie, type MailTestApp } from './helpers/mail-app';
import { linkIn, tokenIn, waitForMail } from './helpers/smtp';
import { fillChallenges, takeChallenge } from './helpers/challenge';

const PASSWORD = 'geheim-12345';
const RESET = /^Nieuw wachtwoord/;
const CONFIRM_NEW = /^Bevestig je nieuwe e-mailadres/;
const NOTICE = /wordt gewijzigd$/;
const CHANGED = /e-mailadres .* is gewijzigd$/;
const PASSWORD_CHANGED = /wachtwoord .* is gewijzigd$/;

describe('passwords and e-mail addresses', () => {
  let t: MailTestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createMailTestApp({ TRUST_PROXY: '1' });
    await fillChallenges(t, 150);
  });
  afterAll(() => t.close());

  const post: MailTestApp['post'] = (...args) => t.post(...args);
  const mail = (to: string, subject: RegExp) => waitForMail(t.smtp.mails, to, subject);

  /** A member with a session; returns the e-mail, password and session cookie. */
  async function member() {
    n += 1;
    const email = `cred${n}.${Date.now()}@example.test`;
    const res = await post('/api/signup.php', {
      email,
      name: `Cred${n}`,
      password: PASSWORD,
      date_of_birth: '1988-03-04',
      gender: 'male',
      accept_terms: true,
      accept_fictional: true,
      altcha: takeChallenge(),
    }).expect(201);
    await t.smtp.waitFor(email); // the activation mail
    return {
      email,
      password: PASSWORD,
      cookie: sessionCookie(res),
      id: res.body.user.id as number,
    };
  }

  const login = (email: string, password: string, ip = '192.0.2.1') =>
    post('/api/user.php', { email, password, altcha: takeChallenge() }).set('X-Forwarded-For', ip);
  const me = (cookie: string) =>
    t
      .http()
      .get('/api/user.php')
      .set('Cookie', cookie)
      .then((r) => r.body.user as { id: number } | null);
  const changePassword = (cookie: string, body: object, ip = '192.0.2.1') =>
    t
      .http()
      .put('/api/password.php')
      .set('X-Request-Type', 'client')
      .set('X-Forwarded-For', ip)
      .set('Cookie', cookie)
      .send(body);

  /** Asks for a reset and returns the token of the reset mail that this request caused. */
  async function resetToken(email: string): Promise<string> {
    const before = t.smtp.mails.length;
    await post('/api/reset-password.php', { email, altcha: takeChallenge() }).expect(200);
    for (let i = 0; i < 300; i++) {
      const mail = t.smtp.mails
        .slice(before)
        .find((m) => m.to.includes(email) && /reset-password\/do/.test(linkIn(m.raw)));
      if (mail) return tokenIn(mail.raw);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('no reset mail');
  }

  describe('password reset', () => {
    it('mails a single-use reset link that sets a new password and ends every session', async () => {
      const m = await member();
      await post('/api/reset-password.php', {
        email: m.email.toUpperCase(),
        altcha: takeChallenge(),
      }).expect(200);
      const raw = await mail(m.email, RESET);
      expect(linkIn(raw)).toMatch(/^http:\/\/site\.test\/reset-password\/do\?token=/);
      const token = tokenIn(raw);

      const mismatch = await post('/api/reset-password-do.php', {
        token,
        password: 'nieuw-wachtwoord-1',
        password_repeat: 'anders-wachtwoord-1',
      }).expect(400);
      expect(mismatch.body.message).toBe('De opgegeven wachtwoorden zijn niet gelijk.');

      await post('/api/reset-password-do.php', {
        token,
        password: 'nieuw-wachtwoord-1',
        password_repeat: 'nieuw-wachtwoord-1',
      }).expect(200);
      expect(await me(m.cookie)).toBeNull();
      await login(m.email, m.password).expect(401);
      await login(m.email, 'nieuw-wachtwoord-1').expect(200);

      const again = await post('/api/reset-password-do.php', {
        token,
        password: 'derde-wachtwoord-1',
        password_repeat: 'derde-wachtwoord-1',
      }).expect(400);
      expect(again.body.message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');
    });

    it('uses one reset link once, even when it is sent three times at the same moment', async () => {
      const m = await member();
      const token = await resetToken(m.email);
      const tries = ['race-wachtwoord-1', 'race-wachtwoord-2', 'race-wachtwoord-3'];
      const results = await Promise.all(
        tries.map((password) =>
          post('/api/reset-password-do.php', { token, password, password_repeat: password }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
      const winner = tries[results.findIndex((r) => r.status === 200)];
      await login(m.email, winner).expect(200);
    });

    it('keeps the link usable when the new password is refused', async () => {
      const m = await member();
      const token = await resetToken(m.email);
      const refused = await post('/api/reset-password-do.php', {
        token,
        password: `${m.email}-x`,
        password_repeat: `${m.email}-x`,
      }).expect(400);
      expect(refused.body).toMatchObject({ error: 'password_personal', field: 'password' });
      await post('/api/reset-password-do.php', {
        token,
        password: 'beter-wachtwoord-7',
        password_repeat: 'beter-wachtwoord-7',
      }).expect(200);
    });

    it('refuses an expired reset link', async () => {
      const m = await member();
      const token = await resetToken(m.email);
      await t.prisma.emailToken.updateMany({
        where: { type: 'password_reset', userId: m.id },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      const res = await post('/api/reset-password-do.php', {
        token,
        password: 'nieuw-wachtwoord-1',
        password_repeat: 'nieuw-wachtwoord-1',
      }).expect(400);
      expect(res.body.error).toBe('reset_link_invalid');
    });

    it('says when the e-mail address is unknown', async () => {
      const res = await post('/api/reset-password.php', {
        email: 'nobody@example.test',
        altcha: takeChallenge(),
      }).expect(404);
      expect(res.body.message).toBe('E-mailadres niet gevonden');
    });

    it('sends at most 3 reset mails a day', async () => {
      const m = await member();
      for (let i = 0; i < 3; i++)
        await post('/api/reset-password.php', { email: m.email, altcha: takeChallenge() }).expect(
          200,
        );
      const res = await post('/api/reset-password.php', {
        email: m.email,
        altcha: takeChallenge(),
      }).expect(429);
      expect(res.body.message).toBe(
        'Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.',
      );
    });
  });

  describe('password change', () => {
    it('checks the old password, ends only the other sessions and tells the member by mail', async () => {
      const m = await member();
      const otherCookie = sessionCookie(await login(m.email, m.password).expect(200));
      const wrong = await changePassword(m.cookie, {
        old_password: 'fout-wachtwoord',
        password: 'nieuw-wachtwoord-1',
        password_repeat: 'nieuw-wachtwoord-1',
      }).expect(400);
      expect(wrong.body.message).toBe('Controleer je oude wachtwoord.');
      const mismatch = await changePassword(m.cookie, {
        old_password: m.password,
        password: 'nieuw-wachtwoord-1',
        password_repeat: 'nieuw-wachtwoord-9',
      }).expect(400);
      expect(mismatch.body.message).toBe('De opgegeven wachtwoorden zijn niet gelijk.');

      await changePassword(m.cookie, {
        old_password: m.password,
        password: 'nieuw-wachtwoord-1',
        password_repeat: 'nieuw-wachtwoord-1',
      }).expect(200);
      expect(await me(m.cookie)).not.toBeNull();
      expect(await me(otherCookie)).toBeNull();
      await login(m.email, 'nieuw-wachtwoord-1').expect(200);
      expect(linkIn(await mail(m.email, PASSWORD_CHANGED))).toBe('http://site.test/reset-password');
    });

    it('counts wrong old passwords like failed logins, so a stolen session cannot guess on', async () => {
      const m = await member();
      const attempt = () =>
        changePassword(m.cookie, {
          old_password: 'geraden-wachtwoord',
          password: 'nieuw-wachtwoord-1',
          password_repeat: 'nieuw-wachtwoord-1',
        });
      for (let i = 0; i < 9; i++) await attempt().expect(400);
      const tenth = await attempt().expect(429);
      expect(tenth.body).toMatchObject({ error: 'login_blocked', minutes: 15 });
      // blocked means blocked: even the right old password waits now
      await changePassword(m.cookie, {
        old_password: m.password,
        password: 'nieuw-wachtwoord-1',
        password_repeat: 'nieuw-wachtwoord-1',
      }).expect(429);
    });

    it.each([
      ['kort-1', 'password_too_short', 'Je wachtwoord moet minimaal 10 tekens lang zijn.'],
      [`${'a'.repeat(72)}X`, 'password_too_long', expect.stringContaining('72')],
      [`${'é'.repeat(37)}`, 'password_too_long', expect.stringContaining('72')],
      ['Cred-wachtwoord', 'password_personal', expect.stringContaining('profielnaam')],
    ])('refuses the new password %j with %s', async (password, code, message) => {
      const m = await member();
      const res = await changePassword(m.cookie, {
        old_password: m.password,
        password: password.replace('Cred', `Cred${n}`),
        password_repeat: password.replace('Cred', `Cred${n}`),
      }).expect(400);
      expect(res.body).toMatchObject({ error: code, field: 'password', message });
      await login(m.email, m.password).expect(200);
    });

    it('ends a reset link asked for before the password was changed', async () => {
      const m = await member();
      const token = await resetToken(m.email);
      await changePassword(m.cookie, {
        old_password: m.password,
        password: 'nieuw-wachtwoord-1',
        password_repeat: 'nieuw-wachtwoord-1',
      }).expect(200);
      const res = await post('/api/reset-password-do.php', {
        token,
        password: 'aanvaller-wachtwoord',
        password_repeat: 'aanvaller-wachtwoord',
      }).expect(400);
      expect(res.body.error).toBe('reset_link_invalid');
      await login(m.email, 'nieuw-wachtwoord-1').expect(200);
    });
  });

  describe('e-mail change', () => {
    const askChange = (cookie: string, body: object) =>
      post('/api/mail-change.php', body, cookie).set('X-Forwarded-For', '192.0.2.9');

    it('needs the current password: a session alone cannot move the account', async () => {
      const m = await member();
      const missing = await askChange(m.cookie, { email: 'dief@example.test' }).expect(400);
      expect(missing.body.error).toBe('validation_failed');
      const wrong = await askChange(m.cookie, {
        email: 'dief@example.test',
        password: 'gok-wachtwoord-1',
      }).expect(400);
      expect(wrong.body).toMatchObject({
        error: 'wrong_password',
        field: 'password',
        message: 'Controleer je wachtwoord.',
      });
      expect(
        await t.prisma.emailToken.count({ where: { userId: m.id, type: 'email_change' } }),
      ).toBe(0);
    });

    it('changes the address only after the new address confirms, telling the old address both times', async () => {
      const m = await member();
      const bad = await askChange(m.cookie, { email: 'geen-adres', password: m.password }).expect(
        400,
      );
      expect(bad.body.message).toBe('Nieuw e-mailadres invalide.');
      const other = await member();
      const dup = await askChange(m.cookie, { email: other.email, password: m.password }).expect(
        409,
      );
      expect(dup.body.message).toBe('Dit e-mailadres heeft al een account op deze site.');

      const next = `changed.${Date.now()}@example.test`;
      await askChange(m.cookie, { email: next, password: m.password }).expect(200, { email: next });
      const notice = await mail(m.email, NOTICE);
      expect(notice).toContain(next);
      expect(linkIn(notice)).toMatch(/^http:\/\/site\.test\/mail-change\/cancel\?token=/);
      expect((await t.prisma.user.findUniqueOrThrow({ where: { id: m.id } })).email).toBe(m.email);

      const confirm = await mail(next, CONFIRM_NEW);
      expect(linkIn(confirm)).toMatch(/\/mail-change\/do\?token=/);
      await post('/api/mail-change-do.php', { token: tokenIn(confirm) }).expect(200, {
        email: next,
      });
      expect(await me(m.cookie)).toBeNull();
      await login(next, m.password).expect(200);
      await login(m.email, m.password).expect(401);
      expect(await mail(m.email, CHANGED)).toContain(next);
    });

    it('lets the old address undo a change that was made, ending every session', async () => {
      const m = await member();
      const next = `undo.${Date.now()}@example.test`;
      await askChange(m.cookie, { email: next, password: m.password }).expect(200);
      await post('/api/mail-change-do.php', {
        token: tokenIn(await mail(next, CONFIRM_NEW)),
      }).expect(200);
      const intruder = sessionCookie(await login(next, m.password).expect(200));

      const cancel = tokenIn(await mail(m.email, CHANGED));
      await post('/api/mail-change-cancel.php', { token: cancel }).expect(200, { email: m.email });
      expect(await me(intruder)).toBeNull();
      await login(m.email, m.password).expect(200);
      await login(next, m.password).expect(401);
      const used = await post('/api/mail-change-cancel.php', { token: cancel }).expect(400);
      expect(used.body.error).toBe('link_invalid');
    });

    it('lets the old address cancel a change before it is confirmed', async () => {
      const m = await member();
      const next = `cancel.${Date.now()}@example.test`;
      await askChange(m.cookie, { email: next, password: m.password }).expect(200);
      const confirm = tokenIn(await mail(next, CONFIRM_NEW));
      await post('/api/mail-change-cancel.php', {
        token: tokenIn(await mail(m.email, NOTICE)),
      }).expect(200, { email: m.email });
      expect(await me(m.cookie)).toBeNull();
      const late = await post('/api/mail-change-do.php', { token: confirm }).expect(400);
      expect(late.body.error).toBe('reset_link_invalid');
      await login(m.email, m.password).expect(200);
    });

    it('ends a pending e-mail change when the password is reset, so a stolen session cannot finish a takeover', async () => {
      // the review's reproduction: someone with the member's session (and here even the
      // password) asks for a change to their own address; the member then resets the password
      const m = await member();
      const attacker = `attacker.${Date.now()}@example.test`;
      await askChange(m.cookie, { email: attacker, password: m.password }).expect(200);
      const stolenLink = tokenIn(await mail(attacker, CONFIRM_NEW));

      const reset = await resetToken(m.email);
      await post('/api/reset-password-do.php', {
        token: reset,
        password: 'eigen-wachtwoord-2',
        password_repeat: 'eigen-wachtwoord-2',
      }).expect(200);

      const res = await post('/api/mail-change-do.php', { token: stolenLink }).expect(400);
      expect(res.body.error).toBe('reset_link_invalid');
      expect((await t.prisma.user.findUniqueOrThrow({ where: { id: m.id } })).email).toBe(m.email);
      await post('/api/reset-password.php', { email: attacker, altcha: takeChallenge() }).expect(
        404,
      );
    });
  });
});
