import { createMailTestApp, sessionCookie, type MailTestApp } from './helpers/mail-app';
import { linkIn } from './helpers/smtp';

describe('passwords and e-mail addresses', () => {
  let t: MailTestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createMailTestApp();
  });
  afterAll(() => t.close());

  const post: MailTestApp['post'] = (...args) => t.post(...args);
  const smtp = {
    waitFor: (to: string) => t.smtp.waitFor(to),
    get mails() {
      return t.smtp.mails;
    },
  };

  /** A member with a session; returns the e-mail, password and session cookie. */
  async function member() {
    n += 1;
    const email = `cred${n}.${Date.now()}@example.test`;
    const password = 'geheim123';
    const res = await post('/api/signup.php', {
      email,
      name: `Cred${n}`,
      password,
      date_of_birth: '1988-03-04',
      gender: 'male',
      accept_terms: true,
      accept_fictional: true,
    }).expect(201);
    const cookie = sessionCookie(res);
    await smtp.waitFor(email); // the activation mail
    return { email, password, cookie };
  }

  function login(email: string, password: string) {
    return post('/api/user.php', { email, password });
  }

  it('mails a single-use reset link that sets a new password and ends every session', async () => {
    const m = await member();
    await post('/api/reset-password.php', { email: m.email.toUpperCase() }).expect(200);
    const mail = await waitForSubject(m.email, 'Nieuw wachtwoord');
    const link = linkIn(mail);
    expect(link).toMatch(/^http:\/\/site\.test\/reset-password\/do\?token=/);
    const token = decodeURIComponent(new URL(link).searchParams.get('token') as string);

    const mismatch = await post('/api/reset-password-do.php', {
      token,
      password: 'nieuw12345',
      password_repeat: 'anders1234',
    }).expect(400);
    expect(mismatch.body.message).toBe('De opgegeven wachtwoorden zijn niet gelijk.');

    await post('/api/reset-password-do.php', {
      token,
      password: 'nieuw12345',
      password_repeat: 'nieuw12345',
    }).expect(200);
    await t.http().get('/api/user.php').set('Cookie', m.cookie).expect(200, { user: null });
    await login(m.email, m.password).expect(401);
    await login(m.email, 'nieuw12345').expect(200);

    const again = await post('/api/reset-password-do.php', {
      token,
      password: 'derde12345',
      password_repeat: 'derde12345',
    }).expect(400);
    expect(again.body.message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');
  });

  it('refuses an expired reset link', async () => {
    const m = await member();
    await post('/api/reset-password.php', { email: m.email }).expect(200);
    const token = decodeURIComponent(
      new URL(linkIn(await waitForSubject(m.email, 'Nieuw wachtwoord'))).searchParams.get(
        'token',
      ) as string,
    );
    await t.prisma.emailToken.updateMany({
      where: { type: 'password_reset', user: { email: m.email } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await post('/api/reset-password-do.php', {
      token,
      password: 'nieuw12345',
      password_repeat: 'nieuw12345',
    }).expect(400);
    expect(res.body.error).toBe('reset_link_invalid');
  });

  it('says when the e-mail address is unknown', async () => {
    const res = await post('/api/reset-password.php', { email: 'nobody@example.test' }).expect(404);
    expect(res.body.message).toBe('E-mailadres niet gevonden');
  });

  it('sends at most 3 reset mails a day', async () => {
    const m = await member();
    for (let i = 0; i < 3; i++)
      await post('/api/reset-password.php', { email: m.email }).expect(200);
    const res = await post('/api/reset-password.php', { email: m.email }).expect(429);
    expect(res.body.message).toBe(
      'Te veel wachtwoordherstel mails verstuurd, probeer het morgen nog eens.',
    );
  });

  it('changes the password after checking the old one, ending only the other sessions', async () => {
    const m = await member();
    const otherCookie = sessionCookie(await login(m.email, m.password).expect(200));
    const put = (body: object) =>
      t
        .http()
        .put('/api/password.php')
        .set('X-Request-Type', 'client')
        .set('Cookie', m.cookie)
        .send(body);

    const wrong = await put({
      old_password: 'fout12345',
      password: 'nieuw12345',
      password_repeat: 'nieuw12345',
    }).expect(400);
    expect(wrong.body.message).toBe('Controleer je oude wachtwoord.');
    const mismatch = await put({
      old_password: m.password,
      password: 'nieuw12345',
      password_repeat: 'nieuw99999',
    }).expect(400);
    expect(mismatch.body.message).toBe('De opgegeven wachtwoorden zijn niet gelijk.');

    await put({
      old_password: m.password,
      password: 'nieuw12345',
      password_repeat: 'nieuw12345',
    }).expect(200);
    expect((await t.http().get('/api/user.php').set('Cookie', m.cookie)).body.user).not.toBeNull();
    await t.http().get('/api/user.php').set('Cookie', otherCookie).expect(200, { user: null });
    await login(m.email, 'nieuw12345').expect(200);
  });

  it('changes the e-mail address only after the link sent to the new address is followed', async () => {
    const m = await member();
    const bad = await post('/api/mail-change.php', { email: 'geen-adres' }, m.cookie).expect(400);
    expect(bad.body.message).toBe('Nieuw e-mailadres invalide.');
    const other = await member();
    const dup = await post('/api/mail-change.php', { email: other.email }, m.cookie).expect(409);
    expect(dup.body.message).toBe('Dit e-mailadres heeft al een account op deze site.');

    const next = `changed.${Date.now()}@example.test`;
    await post('/api/mail-change.php', { email: next }, m.cookie).expect(200);
    expect((await t.prisma.user.findFirst({ where: { email: m.email } }))?.email).toBe(m.email);
    const link = linkIn((await smtp.waitFor(next)).raw);
    expect(link).toMatch(/\/mail-change\/do\?token=/);
    const token = decodeURIComponent(new URL(link).searchParams.get('token') as string);
    await post('/api/mail-change-do.php', { token }).expect(200, { email: next });
    await t.http().get('/api/user.php').set('Cookie', m.cookie).expect(200, { user: null });
    await login(next, m.password).expect(200);
    await login(m.email, m.password).expect(401);
  });

  async function waitForSubject(to: string, subject: string): Promise<string> {
    for (let i = 0; i < 200; i++) {
      const mail = smtp.mails.filter((m) => m.to.includes(to)).find((m) => m.raw.includes(subject));
      if (mail) return mail.raw;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no "${subject}" mail to ${to}`);
  }
});
