import { randomUUID } from 'node:crypto';
import { DELIVERY_CONSENT_VERSION, LEGAL_VERSIONS, currentLegalVersion } from '@app/contract';
import { ConsentsService } from '../src/consents';
import { ExportRegistry } from '../src/export-steps';
import { DeletionService } from '../src/deletion';
import { PurgeRegistry } from '../src/purge';
import { SettingsService } from '../src/settings';
import { TEST_PASSWORD, loggedInMember, signupBody } from './helpers/accounts';
import { sessionCookie } from './helpers/mail-app';
import { as, createPaymentsTestApp, newMember } from './helpers/payments';
import type { TestApp } from './helpers/test-app';

const DAY_MS = 86_400_000;
const BROWSER = 'Mozilla/5.0 (consent test)';
const [previousPrivacy] = LEGAL_VERSIONS.privacy;

describe('consent that can be proven: the consent log, the delivery consent, partner sharing', () => {
  let t: TestApp;
  let tryout: number;

  beforeAll(async () => {
    t = await createPaymentsTestApp();
    tryout = (await t.prisma.creditPackage.findFirstOrThrow({ where: { slug: 'tryout' } })).id;
  });
  afterAll(() => t.close());

  const log = (userId: number) =>
    t.prisma.memberConsent.findMany({ where: { userId }, orderBy: { id: 'asc' } });

  async function setResell(value: boolean) {
    await t.prisma.setting.upsert({
      where: { key: 'member_resell' },
      create: { key: 'member_resell', value },
      update: { value },
    });
    t.app.get(SettingsService).invalidate();
  }

  async function signup() {
    const res = await t
      .http()
      .post('/api/signup.php')
      .set('X-Request-Type', 'client')
      .set('User-Agent', BROWSER)
      .send(signupBody())
      .expect(201);
    return { id: res.body.user.id as number, cookie: sessionCookie(res), body: res.body };
  }

  it('records at signup the versions of the terms and privacy statement in force, with the address and browser', async () => {
    const m = await signup();
    expect(m.body.user.pending_consents).toEqual([]);
    const rows = await log(m.id);
    expect(rows.map((r) => [r.subject, r.version, r.source, r.userAgent])).toEqual([
      ['terms', currentLegalVersion('terms').id, 'signup', BROWSER],
      ['privacy', currentLegalVersion('privacy').id, 'signup', BROWSER],
    ]);
    expect(rows.every((r) => r.ip && Date.now() - r.createdAt.getTime() < 60_000)).toBe(true);
  });

  it('asks again at the next login after a new version, and records the acceptance', async () => {
    // the member accepted the privacy statement before its version in force was published
    const m = await loggedInMember(t, { acceptedLegal: false });
    await t.prisma.memberConsent.createMany({
      data: [
        {
          userId: m.user.id,
          subject: 'terms',
          version: currentLegalVersion('terms').id,
          source: 'signup',
        },
        { userId: m.user.id, subject: 'privacy', version: previousPrivacy!.id, source: 'signup' },
      ],
    });
    const login = await t
      .http()
      .post('/api/user.php')
      .set('X-Request-Type', 'client')
      .send({ email: m.user.email, password: m.password })
      .expect(200);
    expect(login.body.user.pending_consents).toEqual(['privacy']);
    const cookie = sessionCookie(login);
    const get = () => t.http().get('/api/consents.php').set('Cookie', cookie).expect(200);
    expect((await get()).body.pending).toEqual([
      {
        document: 'privacy',
        version: currentLegalVersion('privacy').id,
        accepted_version: previousPrivacy!.id,
      },
    ]);

    const accept = (version: string) =>
      t
        .http()
        .post('/api/consents.php')
        .set('Cookie', cookie)
        .set('X-Request-Type', 'client')
        .set('User-Agent', BROWSER)
        .send({ accept: [{ document: 'privacy', version }] });
    // an older version than the one in force is refused, in the member's language
    const outdated = await accept(previousPrivacy!.id).expect(409);
    expect(outdated.body).toMatchObject({ error: 'consent_version_outdated' });
    expect(outdated.body.message).toMatch(/nieuwere versie/);

    const accepted = await accept(currentLegalVersion('privacy').id).expect(200);
    expect(accepted.body.pending).toEqual([]);
    const newest = (await log(m.user.id)).at(-1)!;
    expect(newest).toMatchObject({
      subject: 'privacy',
      version: currentLegalVersion('privacy').id,
      source: 'prompt',
      userAgent: BROWSER,
    });
    const user = await t.http().get('/api/user.php').set('Cookie', cookie).expect(200);
    expect(user.body.user.pending_consents).toEqual([]);
    // accepting again writes nothing more
    await accept(currentLegalVersion('privacy').id).expect(200);
    expect(await log(m.user.id)).toHaveLength(3);
  });

  it('asks a member with nothing on record for both documents', async () => {
    const m = await loggedInMember(t, { acceptedLegal: false });
    const user = await t.http().get('/api/user.php').set('Cookie', m.cookie).expect(200);
    expect(user.body.user.pending_consents).toEqual(['terms', 'privacy']);
  });

  it('keeps the log append-only: a row cannot be changed', async () => {
    const m = await signup();
    const [row] = await log(m.id);
    await expect(
      t.prisma.memberConsent.update({ where: { id: row!.id }, data: { version: 'forged' } }),
    ).rejects.toThrow(/append-only/);
  });

  it('refuses a checkout without the consent to immediate delivery, in the member’s language', async () => {
    const member = await newMember(t);
    const english = await newMember(t, { language: 'en' });
    // the body as a browser without the ticked checkbox sends it (not through `as`, which ticks it)
    const raw = (body: object) =>
      t
        .http()
        .post('/api/payment.php')
        .set('Cookie', member.cookie)
        .set('X-Request-Type', 'client')
        .set('Idempotency-Key', randomUUID())
        .send(body);
    for (const body of [{}, { delivery_consent: false }]) {
      const res = await raw({ package: tryout, method: 'ideal', ...body }).expect(400);
      expect(res.body).toMatchObject({
        error: 'delivery_consent_required',
        field: 'delivery_consent',
        message: 'Geef toestemming voor directe levering om te kunnen betalen.',
      });
    }
    const res = await as(t, english)
      .post('/api/payment.php', { package: tryout, method: 'ideal', delivery_consent: false })
      .expect(400);
    expect(res.body.message).toBe('Please agree to immediate delivery to pay.');
    expect(
      await t.prisma.payment.count({
        where: { userId: { in: [member.user.id, english.user.id] } },
      }),
    ).toBe(0);
    // a repeat order is a purchase too
    const repeat = await as(t, member)
      .post('/api/repeat-order.php', { mandate: 1, delivery_consent: false })
      .expect(400);
    expect(repeat.body.error).toBe('delivery_consent_required');
  });

  it('stores the consent to immediate delivery with the payment: its time and the text’s version', async () => {
    const member = await newMember(t);
    const before = Date.now();
    const res = await as(t, member)
      .post(
        '/api/payment.php',
        { package: tryout, method: 'ideal', delivery_consent: true },
        randomUUID(),
      )
      .expect(201);
    const payment = await t.prisma.payment.findUniqueOrThrow({
      where: { paymentId: res.body.payment.payment_id },
    });
    expect(payment.deliveryConsentText).toBe(DELIVERY_CONSENT_VERSION);
    expect(payment.deliveryConsentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(payment.deliveryConsentAt!.getTime()).toBeLessThanOrEqual(payment.createdAt.getTime());
  });

  it('logs the partner-sharing opt-in given and revoked (default off), offered only while the site shares', async () => {
    const m = await signup();
    const put = (enabled: boolean) =>
      t
        .http()
        .put('/api/partner-sharing.php')
        .set('Cookie', m.cookie)
        .set('X-Request-Type', 'client')
        .send({ enabled });
    const consents = t.app.get(ConsentsService);
    try {
      await setResell(false);
      let state = await t.http().get('/api/consents.php').set('Cookie', m.cookie).expect(200);
      expect(state.body).toMatchObject({ partner_sharing: false, partner_sharing_offered: false });
      await put(true).expect(403);

      await setResell(true);
      state = await t.http().get('/api/consents.php').set('Cookie', m.cookie).expect(200);
      expect(state.body).toMatchObject({ partner_sharing: false, partner_sharing_offered: true });
      expect(await consents.sharesWithPartners(m.id)).toBe(false);
      expect((await put(true).expect(200)).body.partner_sharing).toBe(true);
      expect(await consents.sharesWithPartners(m.id)).toBe(true);
      await put(true).expect(200); // no change, no row
      expect((await put(false).expect(200)).body.partner_sharing).toBe(false);
      expect(await consents.sharesWithPartners(m.id)).toBe(false);
      const sharing = (await log(m.id)).filter((r) => r.subject === 'partner_sharing');
      expect(sharing.map((r) => [r.granted, r.source])).toEqual([
        [true, 'account'],
        [false, 'account'],
      ]);
      expect(sharing[0]!.createdAt.getTime()).toBeLessThanOrEqual(sharing[1]!.createdAt.getTime());

      // the site stops sharing: nobody's profile goes, whatever they chose
      await put(true).expect(200);
      await setResell(false);
      expect(await consents.sharesWithPartners(m.id)).toBe(false);
    } finally {
      await setResell(false);
    }
  });

  it('puts the consent log and the payments’ delivery consent in the data export', async () => {
    const member = await newMember(t);
    await as(t, member)
      .post('/api/payment.php', { package: tryout, method: 'ideal', delivery_consent: true })
      .expect(201);
    const { json } = await t.app.get(ExportRegistry).collect(member.user.id, {
      likersShown: false,
    });
    const account = json['account.json'] as { consents: { subject: string; version: string }[] };
    expect(account.consents.map((c) => [c.subject, c.version])).toEqual([
      ['terms', currentLegalVersion('terms').id],
      ['privacy', currentLegalVersion('privacy').id],
    ]);
    const payments = json['payments.json'] as {
      payments: { deliveryConsentAt: Date; deliveryConsentText: string }[];
    };
    expect(payments.payments[0]).toMatchObject({ deliveryConsentText: DELIVERY_CONSENT_VERSION });
    expect(payments.payments[0]!.deliveryConsentAt).toBeInstanceOf(Date);
  });

  it('removes the consent log with the member in the purge', async () => {
    expect(t.app.get(PurgeRegistry).coverage()['member_consents.user_id']).toBe('delete');
    const m = await signup();
    await setResell(true);
    await t
      .http()
      .put('/api/partner-sharing.php')
      .set('Cookie', m.cookie)
      .set('X-Request-Type', 'client')
      .send({ enabled: true })
      .expect(200);
    await setResell(false);
    await t
      .http()
      .post('/api/account-delete.php')
      .set('Cookie', m.cookie)
      .set('X-Request-Type', 'client')
      .send({ confirm: true, reason: 'other', password: TEST_PASSWORD })
      .expect(200);
    const request = await t.prisma.deletionRequest.findFirstOrThrow({ where: { userId: m.id } });
    expect(await log(m.id)).toHaveLength(3);
    const outcome = await t.app
      .get(DeletionService)
      .purge({ userId: m.id, requestId: request.id }, new Date(Date.now() + 15 * DAY_MS));
    expect(outcome).toBe('purged');
    expect(await log(m.id)).toHaveLength(0);
  });
});
