import { SHARED_CATALOGUES, SUPPORTED_LANGUAGES } from '@app/contract';
import { SettingsService } from '../src/settings/settings.service';
import { createMailTestApp, sessionCookie, type MailTestApp } from './helpers/mail-app';
import { linkIn } from './helpers/smtp';
import { fillChallenges, takeChallenge } from './helpers/challenge';

let counter = 0;
function signupBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `new${counter}.${Date.now()}@example.test`,
    name: `Nieuw${counter}`,
    password: 'geheim-12345',
    date_of_birth: '1990-05-17',
    gender: 'female',
    seeking_gender: 'male',
    accept_terms: true,
    accept_fictional: true,
    altcha: takeChallenge(),
    ...overrides,
  };
}

const cookieFrom = sessionCookie;

describe('accounts: signup, activation and login', () => {
  let t: MailTestApp;

  beforeAll(async () => {
    t = await createMailTestApp({ TRUST_PROXY: '1', LOGIN_MAX_FAILURES_PER_IP_HOUR: '10' });
    // every signup and login here carries a solved challenge (a login needs one after failures)
    await fillChallenges(t, 150);
  });
  afterAll(() => t.close());
  const smtp = {
    waitFor: (to: string, timeoutMs?: number) => t.smtp.waitFor(to, timeoutMs),
    failNext: (count: number) => t.smtp.failNext(count),
  };

  const signup = (body: Record<string, unknown>) =>
    t.http().post('/api/signup.php').set('X-Request-Type', 'client').send(body);
  const login = (email: string, password: string, ip = '10.0.0.1') =>
    t
      .http()
      .post('/api/user.php')
      .set('X-Request-Type', 'client')
      .set('X-Forwarded-For', ip)
      .send({ email, password, altcha: takeChallenge() });

  it('refuses a name shaped like a web address, an e-mail address or a phone number in the visitor’s language', async () => {
    for (const language of SUPPORTED_LANGUAGES) {
      for (const [name, code] of [
        ['https://vonkje-verify.example/login', 'invalid_name_link'],
        ['vonkje-verify.example', 'invalid_name_link'],
        ['Bel 06-12345678', 'invalid_name_phone'],
      ] as const) {
        const body = signupBody({ name });
        const res = await signup(body).set('Accept-Language', language).expect(400);
        expect(res.body).toMatchObject({
          error: code,
          field: 'name',
          message: SHARED_CATALOGUES[language].errors[code],
        });
        expect(await t.prisma.user.count({ where: { email: body.email.toLowerCase() } })).toBe(0);
      }
    }
  });

  it('signs a visitor up, logs them in unconfirmed, and mails an activation link that confirms them', async () => {
    const body = signupBody({ network: 'adnet', ref: 'r1', sub1: 's1' });
    const res = await signup(body).expect(201);
    expect(res.body.user).toMatchObject({
      status: 'not_confirmed',
      profile: { status: 'disabled' },
    });
    const cookie = cookieFrom(res);
    expect(res.headers['set-cookie'][0]).toMatch(/HttpOnly/);
    expect(res.headers['set-cookie'][0]).toMatch(/SameSite=Lax/);

    const tracking = await t.prisma.trackingData.findFirst({ where: { network: 'adnet' } });
    expect(tracking).toMatchObject({ ref: 'r1', sub1: 's1' });

    const mail = await smtp.waitFor(body.email);
    expect(mail.raw).toContain('Bevestig je e-mailadres');
    const link = linkIn(mail.raw);
    expect(link.startsWith('http://site.test/api/activate.php?token=')).toBe(true);
    const path = link.replace('http://site.test', '');
    const done = await t.http().get(path).expect(302);
    expect(done.headers.location).toBe('/activate/done');

    const me = await t.http().get('/api/user.php').set('Cookie', cookie).expect(200);
    expect(me.body.user).toMatchObject({ status: 'confirmed', profile: { status: 'active' } });
    // a second click on the same link still lands on the success page
    expect((await t.http().get(path).expect(302)).headers.location).toBe('/activate/done');
  });

  it('sends an unknown or forged activation link to /activate/error', async () => {
    const res = await t.http().get('/api/activate.php?token=forged').expect(302);
    expect(res.headers.location).toBe('/activate/error');
  });

  it('retries a failed mail send in the job, and the signup is complete all the same', async () => {
    smtp.failNext(1);
    const body = signupBody();
    await signup(body).expect(201);
    // the retry comes after MAIL's first delay (5 s); a busy machine only makes it later
    const mail = await smtp.waitFor(body.email, 60_000);
    expect(linkIn(mail.raw)).toContain('/api/activate.php?token=');
    expect(await t.prisma.user.count({ where: { email: body.email } })).toBe(1);
  }, 90_000);

  it.each([
    [{ email: 'not-an-email' }, 400, 'invalid_email', 'Ongeldige e-mail', 'email'],
    [
      { date_of_birth: '' },
      400,
      'birthdate_required',
      'Vul uw geboortedatum in (18+ jaar)',
      'date_of_birth',
    ],
    [
      { date_of_birth: '2015-01-01' },
      400,
      'birthdate_required',
      'Vul uw geboortedatum in (18+ jaar)',
      'date_of_birth',
    ],
    [
      { date_of_birth: '1990-02-30' },
      400,
      'invalid_birthdate',
      'Ongeldige geboortedatum.',
      'date_of_birth',
    ],
    [
      { name: '@lisa' },
      400,
      'invalid_name_at',
      'Je profielnaam mag niet beginnen met een @',
      'name',
    ],
    [
      { password: 'kort' },
      400,
      'password_too_short',
      'Je wachtwoord moet minimaal 10 tekens lang zijn.',
      'password',
    ],
    [{ accept_terms: false }, 400, 'terms_required', undefined, 'accept_terms'],
    [{ accept_fictional: false }, 400, 'fictional_ack_required', undefined, 'accept_fictional'],
  ])(
    'refuses %j with %s %s and creates nothing',
    async (override, status, code, message, field) => {
      const body = signupBody(override);
      const res = await signup(body).expect(status);
      expect(res.body.error).toBe(code);
      if (message) expect(res.body.message).toBe(message);
      expect(res.body.field).toBe(field);
      const email = String(body.email).toLowerCase();
      expect(await t.prisma.user.count({ where: { email } })).toBe(0);
    },
  );

  it('answers two signups racing for one address with one account and one 409 email_taken', async () => {
    const body = signupBody();
    // each with its own solved challenge: a solution is accepted once
    const again = () => signup({ ...body, altcha: takeChallenge() });
    const results = await Promise.all([signup(body), again(), again()]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body).toMatchObject({ error: 'email_taken', field: 'email' });
    }
    expect(await t.prisma.user.count({ where: { email: body.email } })).toBe(1);
  });

  it('removes invisible formatting characters from a profile name, so it shows what it is', async () => {
    const res = await signup(signupBody({ name: '\u202Enimda\u200B Lisa' })).expect(201);
    expect(res.body.user.profile.name).toBe('nimda Lisa');
  });

  it('refuses a profile name equal to the e-mail address', async () => {
    const body = signupBody();
    const res = await signup({ ...body, name: body.email }).expect(400);
    expect(res.body.message).toBe('Je profielnaam moet anders zijn dan je e-mailadres');
  });

  it('tells a visitor whose e-mail has an account that it exists, so they can log in', async () => {
    const body = signupBody();
    await signup(body).expect(201);
    const res = await signup({
      ...body,
      email: body.email.toUpperCase(),
      altcha: takeChallenge(),
    }).expect(409);
    expect(res.body).toMatchObject({
      error: 'email_taken',
      message: 'Dit e-mailadres heeft al een account op deze site.',
      field: 'email',
    });
  });

  it('tells a visitor that an account deleted within 14 days can still be reactivated', async () => {
    const body = signupBody();
    await signup(body).expect(201);
    await t.prisma.user.update({
      where: { email: body.email },
      data: { status: 'deleted', deletedAt: new Date(Date.now() - 3 * 86_400_000) },
    });
    const res = await signup({ ...body, altcha: takeChallenge() }).expect(409);
    expect(res.body.error).toBe('account_reactivatable');
    expect(res.body.message).toMatch(/nog niet definitief verwijderd/);
  });

  it('closes signup when the signups setting says so, and allows it with a traffic source', async () => {
    await t.prisma.setting.upsert({
      where: { key: 'signups' },
      create: { key: 'signups', value: 'with_trafficsource' },
      update: { value: 'with_trafficsource' },
    });
    t.app.get(SettingsService).invalidate();
    try {
      expect((await signup(signupBody()).expect(403)).body.error).toBe('signups_disabled');
      await signup(signupBody({ network: 'partner' })).expect(201);
    } finally {
      await t.prisma.setting.update({ where: { key: 'signups' }, data: { value: 'all' } });
      t.app.get(SettingsService).invalidate();
    }
  });

  it('lets only a visitor with an unused invite code sign up when signup is invite only', async () => {
    await t.prisma.setting.upsert({
      where: { key: 'signup_invite_only' },
      create: { key: 'signup_invite_only', value: true },
      update: { value: true },
    });
    t.app.get(SettingsService).invalidate();
    try {
      const code = `inv-${Date.now()}`;
      await t.prisma.invite.create({ data: { code } });
      await t.prisma.invite.create({
        data: { code: `${code}-old`, expiresAt: new Date(Date.now() - 1000) },
      });
      for (const invite of [undefined, 'unknown-code', `${code}-old`]) {
        const refused = await signup(signupBody({ invite })).expect(403);
        expect(refused.body).toMatchObject({
          error: 'signup_invite_only',
          message: 'Aanmelden kan alleen op uitnodiging.',
          field: 'invite',
        });
      }
      // two signups racing for one code: exactly one account is created
      const [a, b] = [signupBody({ invite: code }), signupBody({ invite: code })];
      const results = await Promise.all([signup(a), signup(b)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 403]);
      const created = await t.prisma.user.count({ where: { email: { in: [a.email, b.email] } } });
      expect(created).toBe(1);
      const used = await t.prisma.invite.findUniqueOrThrow({ where: { code } });
      expect(used.usedAt).not.toBeNull();
      await signup(signupBody({ invite: code })).expect(403);
    } finally {
      await t.prisma.setting.update({
        where: { key: 'signup_invite_only' },
        data: { value: false },
      });
      t.app.get(SettingsService).invalidate();
    }
  });

  it('logs in with the right password and fails the same way for a wrong password or unknown e-mail', async () => {
    const body = signupBody();
    await signup(body).expect(201);
    const ok = await login(body.email, body.password).expect(200);
    expect(ok.body.user.status).toBe('not_confirmed');
    const cookie = cookieFrom(ok);
    await t.http().get('/api/user.php').set('Cookie', cookie).expect(200);

    const wrong = await login(body.email, 'wrongpass1').expect(401);
    const unknown = await login('nobody@example.test', 'wrongpass1').expect(401);
    expect(wrong.body).toEqual({
      error: 'login_failed',
      message: 'Login mislukt, probeer opnieuw',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('blocks an account after 10 failed logins in a row, even with the right password', async () => {
    const body = signupBody();
    await signup(body).expect(201);
    for (let i = 0; i < 9; i++) {
      await login(body.email, 'wrongpass1', `10.1.0.${i}`).expect(401);
    }
    const tenth = await login(body.email, 'wrongpass1', '10.1.0.99').expect(429);
    expect(tenth.body.message).toBe('Te veel foute pogingen, account voor 15 min geblokkeerd.');
    const blocked = await login(body.email, body.password, '10.1.1.1').expect(429);
    expect(blocked.body).toMatchObject({ error: 'login_blocked', minutes: 15 });
  });

  it('blocks an IP address after 10 failed logins in an hour across accounts', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 9; i++) {
      await login(`nobody${i}@example.test`, 'wrongpass1', ip).expect(401);
    }
    await login('nobody9@example.test', 'wrongpass1', ip).expect(429);
    const body = signupBody();
    await signup(body).expect(201);
    await login(body.email, body.password, ip).expect(429);
    await login(body.email, body.password, '10.2.0.2').expect(200);
  });

  it('resends the activation mail to a corrected address', async () => {
    const res = await signup(signupBody()).expect(201);
    const cookie = cookieFrom(res);
    const corrected = `corrected.${Date.now()}@example.test`;
    const resend = await t
      .http()
      .post('/api/activation-mail.php')
      .set('X-Request-Type', 'client')
      .set('Cookie', cookie)
      .send({ email: corrected })
      .expect(200);
    expect(resend.body.email).toBe(corrected);
    const mail = await smtp.waitFor(corrected);
    const path = linkIn(mail.raw).replace('http://site.test', '');
    expect((await t.http().get(path).expect(302)).headers.location).toBe('/activate/done');
  });
});
