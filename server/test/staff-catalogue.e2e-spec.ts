import { randomUUID } from 'node:crypto';
import {
  staffDiscountsResponse,
  staffGiftsResponse,
  staffInvitesResponse,
  staffPackagesResponse,
  staffSettingsResponse,
} from '@app/contract';
import { signupBody } from './helpers/accounts';
import { chatMember, sendGift } from './helpers/chat';
import { activeMainPhoto } from './helpers/photos';
import { staffAccount, cookieOf, type StaffAccount } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

const NAMES = {
  nl: 'Zonnebloem',
  en: 'Sunflower',
  de: 'Sonnenblume',
  es: 'Girasol',
  fr: 'Tournesol',
  it: 'Girasole',
  pl: 'Słonecznik',
};

describe('the site catalogue and settings (admins)', () => {
  let t: TestApp;
  let admin: StaffAccount;
  let cookie: string;
  /** A member's session: the member side of what admins change. */
  let viewer: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await staffAccount(t, ['admin']);
    cookie = await cookieOf(admin, t);
    viewer = (await chatMember(t)).cookie;
  });
  afterAll(() => t.close());

  const send = (method: 'post' | 'put' | 'patch', path: string, body: unknown, as = cookie) => {
    const http = t.http();
    return http[method](path)
      .set('X-Request-Type', 'client')
      .set('Cookie', as)
      .send(body as object);
  };
  const get = (path: string, as = cookie) => t.http().get(path).set('Cookie', as);
  const auditOf = (action: string) =>
    t.prisma.staffAuditEntry.findMany({
      where: { action, actorId: admin.id },
      orderBy: { id: 'asc' },
    });
  const publicSettings = async () =>
    (await t.http().get('/api/settings.php').expect(200)).body.settings;

  describe('settings', () => {
    it('shows every setting to an admin, typed by the settings schema', async () => {
      const res = await get('/api/staff/settings').expect(200);
      const { settings } = staffSettingsResponse.parse(res.body);
      expect(settings.name).toBe('Vonkje');
      expect(settings.visible_profile_fields).toContain('age');
    });

    it('changes settings, writes one audit row with before and after, and serves the new values at once', async () => {
      const res = await send('put', '/api/staff/settings', {
        name: 'Vonkje Test',
        message_credits: 12,
        logged_out_search: false,
      }).expect(200);
      expect(res.body.settings).toMatchObject({ name: 'Vonkje Test', message_credits: 12 });
      const [row] = await auditOf('settings.change');
      expect(row.before).toEqual({ name: 'Vonkje', message_credits: 10, logged_out_search: true });
      expect(row.after).toEqual({
        name: 'Vonkje Test',
        message_credits: 12,
        logged_out_search: false,
      });
      expect(await publicSettings()).toMatchObject({ name: 'Vonkje Test', message_credits: 12 });
      // nothing changed: nothing audited
      await send('put', '/api/staff/settings', { name: 'Vonkje Test' }).expect(200);
      expect(await auditOf('settings.change')).toHaveLength(1);
      await send('put', '/api/staff/settings', {
        name: 'Vonkje',
        message_credits: 10,
        logged_out_search: true,
      }).expect(200);
    });

    it.each([
      ['an unknown setting', { colour: 'red' }],
      ['nothing', {}],
      ['a number as text', { message_credits: '12' }],
      ['a negative cost', { gift_credits: -1 }],
      ['a minimum age under 18', { min_age: 16 }],
      ['a profile field that does not exist', { visible_profile_fields: ['salary'] }],
      ['a search field twice', { search_fields: ['gender', 'gender'] }],
      ['a CDN prefix without a trailing slash', { cdn_prefix: 'https://cdn.example.nl/media' }],
      ['a CDN prefix over plain http', { cdn_prefix: 'http://cdn.example.nl/media/' }],
      ['an unsupported country', { minimum_message_costs: { XX: { costs: 1, currency: 'EUR' } } }],
      [
        'a partner address that is no https address',
        { partner_redirect_url: 'javascript:alert(1)' },
      ],
    ])('refuses %s with 400 and changes nothing', async (_name, body) => {
      const before = await t.prisma.setting.count();
      const res = await send('put', '/api/staff/settings', body).expect(400);
      expect(res.body.error).toBe('validation_failed');
      expect(await t.prisma.setting.count()).toBe(before);
    });

    it('refuses members and moderators with 403', async () => {
      const member = await chatMember(t);
      await send('put', '/api/staff/settings', { name: 'X' }, member.cookie).expect(403);
      const moderator = await cookieOf(await staffAccount(t, ['moderator']), t);
      await send('put', '/api/staff/settings', { name: 'X' }, moderator).expect(403);
      await get('/api/staff/settings', moderator).expect(403);
      expect((await publicSettings()).name).toBe('Vonkje');
    });

    it('changes the company info with an audit row, and refuses a deletion offer that is no template', async () => {
      const { body } = await get('/api/staff/catalogue/company').expect(200);
      const info = { ...body.companyinfo, city: 'Amersfoort' };
      await send('put', '/api/staff/catalogue/company', { ...info, delete_discount: 'TIMEBONUS25' })
        .expect(404)
        .expect((res) => expect(res.body.field).toBe('delete_discount'));
      await send('put', '/api/staff/catalogue/company', { ...info, kvk: '12' }).expect(400);
      await send('put', '/api/staff/catalogue/company', info).expect(200);
      expect((await t.http().get('/api/companyinfo.php').expect(200)).body.companyinfo.city).toBe(
        'Amersfoort',
      );
      const [row] = await auditOf('company_info.change');
      expect(row.before).toMatchObject({ city: body.companyinfo.city });
      expect(row.after).toMatchObject({ city: 'Amersfoort' });
    });
  });

  describe('invite codes', () => {
    it('makes random codes and a chosen one, refuses a taken code, lists them, and audits', async () => {
      const made = await send('post', '/api/staff/catalogue/invites', {
        count: 3,
        expires_in_days: 30,
      }).expect(201);
      expect(made.body.invites).toHaveLength(3);
      for (const invite of made.body.invites) {
        expect(invite.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
        expect(invite.state).toBe('open');
      }
      await send('post', '/api/staff/catalogue/invites', { code: 'WELKOM-2027' }).expect(201);
      await send('post', '/api/staff/catalogue/invites', { code: 'WELKOM-2027' })
        .expect(409)
        .expect((res) => expect(res.body.error).toBe('code_taken'));
      await send('post', '/api/staff/catalogue/invites', { code: 'x' }).expect(400);
      await send('post', '/api/staff/catalogue/invites', { count: 1000 }).expect(400);
      const list = staffInvitesResponse.parse(
        (await get('/api/staff/catalogue/invites').expect(200)).body,
      );
      expect(list.invites.map((i) => i.code)).toContain('WELKOM-2027');
      const rows = await auditOf('invite.create');
      expect(rows).toHaveLength(2);
      expect((rows[0].after as { codes: string[] }).codes).toHaveLength(3);
    });

    it('revokes a code, which signup refuses from then on; a used code cannot be revoked', async () => {
      await send('put', '/api/staff/settings', { signup_invite_only: true }).expect(200);
      try {
        const [open, used] = (
          await send('post', '/api/staff/catalogue/invites', { count: 2 }).expect(201)
        ).body.invites;
        const revoked = await send(
          'post',
          `/api/staff/catalogue/invites/${open.id}/revoke`,
          {},
        ).expect(200);
        expect(revoked.body.invite.state).toBe('revoked');
        const [row] = await auditOf('invite.revoke');
        expect(row.before).toMatchObject({ state: 'open' });
        expect(row.after).toMatchObject({ state: 'revoked' });
        await t
          .http()
          .post('/api/signup.php')
          .set('X-Request-Type', 'client')
          .send(signupBody({ invite: open.code }))
          .expect(403)
          .expect((res) => expect(res.body.error).toBe('signup_invite_only'));
        await t
          .http()
          .post('/api/signup.php')
          .set('X-Request-Type', 'client')
          .send(signupBody({ invite: used.code }))
          .expect((res) => expect(res.status).toBeLessThan(300));
        await send('post', `/api/staff/catalogue/invites/${used.id}/revoke`, {})
          .expect(409)
          .expect((res) => expect(res.body.error).toBe('conflict'));
        await send('post', '/api/staff/catalogue/invites/99999999/revoke', {}).expect(404);
        await send('post', '/api/staff/catalogue/invites/abc/revoke', {}).expect(400);
      } finally {
        await send('put', '/api/staff/settings', { signup_invite_only: false }).expect(200);
      }
    });
  });

  describe('discount codes', () => {
    it('makes a code a member can use, refuses a taken one, deactivates it (refused from then on), audited', async () => {
      const made = await send('post', '/api/staff/catalogue/discounts', {
        code: 'zomer20',
        value_percentage: 20,
        validity: 'unlimited',
      }).expect(201);
      expect(made.body.discount).toMatchObject({ code: 'ZOMER20', status: 'active', claimed: 0 });
      await send('post', '/api/staff/catalogue/discounts', { code: 'ZOMER20', value_percentage: 5 })
        .expect(409)
        .expect((res) => expect(res.body.error).toBe('code_taken'));
      await send('post', '/api/staff/catalogue/discounts', {
        code: 'TE-VEEL',
        value_percentage: 150,
      }).expect(400);
      await send('post', '/api/staff/catalogue/discounts', {
        code: 'RAAR',
        value_percentage: 10,
        payment_methods: ['cash'],
      }).expect(400);
      const member = await chatMember(t);
      await get('/api/discountcode.php?code=ZOMER20', member.cookie)
        .expect(200)
        .expect((res) => expect(res.body.discountcode.code).toBe('ZOMER20'));
      const list = staffDiscountsResponse.parse(
        (await get('/api/staff/catalogue/discounts').expect(200)).body,
      );
      expect(list.discounts.find((d) => d.code === 'ZOMER20')).toBeDefined();

      const id = made.body.discount.id;
      await send('post', `/api/staff/catalogue/discounts/${id}/deactivate`, {})
        .expect(200)
        .expect((res) => expect(res.body.discount.status).toBe('inactive'));
      await get('/api/discountcode.php?code=ZOMER20', member.cookie).expect(404);
      // again: nothing more to audit
      await send('post', `/api/staff/catalogue/discounts/${id}/deactivate`, {}).expect(200);
      expect(await auditOf('discount.create')).toHaveLength(1);
      const rows = await auditOf('discount.deactivate');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        before: { status: 'active' },
        after: { status: 'inactive' },
      });
    });
  });

  describe('credit packages', () => {
    const base = {
      credits: 200,
      price_cents: 1995,
      currency: 'EUR',
      prices: [{ currency: 'GBP', price_cents: 1795 }],
    };

    it('makes a package members are offered, and audits it', async () => {
      const made = await send('post', '/api/staff/catalogue/packages', {
        slug: 'zomer',
        ...base,
      }).expect(201);
      expect(made.body.package).toMatchObject({ slug: 'zomer', active: true, in_use: false });
      const offered = (await t.http().get('/api/packages.php?country=NL').expect(200)).body
        .packages;
      expect(offered.map((p: { slug: string }) => p.slug)).toContain('zomer');
      const gb = (await t.http().get('/api/packages.php?country=GB').expect(200)).body.packages;
      expect(gb.find((p: { slug: string }) => p.slug === 'zomer')).toMatchObject({
        price_cents: 1795,
        currency: 'GBP',
      });
      await send('post', '/api/staff/catalogue/packages', { slug: 'zomer', ...base })
        .expect(409)
        .expect((res) => expect(res.body.error).toBe('code_taken'));
      await send('post', '/api/staff/catalogue/packages', { slug: 'Zomer!', ...base }).expect(400);
      await send('post', '/api/staff/catalogue/packages', {
        ...base,
        slug: 'nul',
        credits: 0,
      }).expect(400);
      expect(await auditOf('package.create')).toHaveLength(1);
    });

    it('refuses a price that makes a message cheaper than the minimum message costs', async () => {
      const res = await send('post', '/api/staff/catalogue/packages', {
        slug: 'stunt',
        credits: 1000,
        price_cents: 995,
        currency: 'EUR',
      }).expect(422);
      expect(res.body).toMatchObject({ error: 'package_below_minimum', field: 'price_cents' });
      expect(await t.prisma.creditPackage.count({ where: { slug: 'stunt' } })).toBe(0);
    });

    it('changes a package nobody paid for in place, and one a payment refers to as a new version', async () => {
      const made = (
        await send('post', '/api/staff/catalogue/packages', { slug: 'herfst', ...base }).expect(201)
      ).body.package;
      const moved = await send('patch', `/api/staff/catalogue/packages/${made.id}`, {
        position: 7,
        price_cents: 2195,
      }).expect(200);
      expect(moved.body.package).toMatchObject({ id: made.id, position: 7, price_cents: 2195 });

      const member = await chatMember(t);
      await t.prisma.payment.create({
        data: {
          paymentId: randomUUID(),
          userId: member.user.id,
          packageId: made.id,
          method: 'ideal',
          credits: 200,
          amountCents: 2195,
          provider: 'sandbox',
          idempotencyKey: randomUUID(),
        },
      });
      const versioned = await send('patch', `/api/staff/catalogue/packages/${made.id}`, {
        credits: 250,
      }).expect(200);
      const next = versioned.body.package;
      expect(next).toMatchObject({
        slug: 'herfst_v2',
        credits: 250,
        price_cents: 2195,
        replaces_id: made.id,
        active: true,
      });
      expect(next.prices).toEqual(base.prices);
      const old = await t.prisma.creditPackage.findUniqueOrThrow({ where: { id: made.id } });
      expect(old).toMatchObject({ credits: 200, priceCents: 2195, active: false });
      const offered = (await t.http().get('/api/packages.php?country=NL').expect(200)).body
        .packages;
      expect(offered.map((p: { slug: string }) => p.slug)).toEqual(
        expect.arrayContaining(['herfst_v2']),
      );
      expect(offered.map((p: { slug: string }) => p.slug)).not.toContain('herfst');
      // the old version's popular mark may still change: nothing of its history
      await send('patch', `/api/staff/catalogue/packages/${made.id}`, { popular: true }).expect(
        200,
      );
      const [version] = await auditOf('package.version');
      expect(version.before).toMatchObject({ id: made.id, credits: 200 });
      expect(version.after).toMatchObject({ id: next.id, credits: 250 });
      expect(await auditOf('package.change')).toHaveLength(2);
      const list = staffPackagesResponse.parse(
        (await get('/api/staff/catalogue/packages').expect(200)).body,
      );
      expect(list.packages.find((p) => p.id === made.id)).toMatchObject({ in_use: true });
      await send('patch', `/api/staff/catalogue/packages/${made.id}`, {}).expect(400);
      await send('patch', '/api/staff/catalogue/packages/99999999', { position: 1 }).expect(404);
    });
  });

  describe('gifts', () => {
    it('makes a gift with names in seven languages that members are offered, changes and retires it, audited', async () => {
      const { nl: _nl, ...withoutDutch } = NAMES;
      await send('post', '/api/staff/catalogue/gifts', {
        slug: 'sunflower',
        names: withoutDutch,
        image: 'rose.svg',
        credits: 30,
      }).expect(400);
      await send('post', '/api/staff/catalogue/gifts', {
        slug: 'sunflower',
        names: NAMES,
        image: '../../etc/passwd',
        credits: 30,
      }).expect(400);
      const made = await send('post', '/api/staff/catalogue/gifts', {
        slug: 'sunflower',
        names: NAMES,
        image: 'rose.svg',
        credits: 30,
      }).expect(201);
      const id = made.body.gift.id;
      const offered = (await get('/api/gifts.php', viewer).expect(200)).body.gifts;
      expect(offered.find((g: { id: number }) => g.id === id)).toMatchObject({
        slug: 'sunflower',
        credits: 30,
        names: NAMES,
      });
      await send('patch', `/api/staff/catalogue/gifts/${id}`, { credits: 45 }).expect(200);
      expect(
        (await get('/api/gifts.php', viewer).expect(200)).body.gifts.find(
          (g: { id: number }) => g.id === id,
        ).credits,
      ).toBe(45);
      await send('patch', `/api/staff/catalogue/gifts/${id}`, { active: false }).expect(200);
      const after = (await get('/api/gifts.php', viewer).expect(200)).body.gifts;
      expect(after.find((g: { id: number }) => g.id === id)).toBeUndefined();
      const list = staffGiftsResponse.parse(
        (await get('/api/staff/catalogue/gifts').expect(200)).body,
      );
      expect(list.gifts.find((g) => g.id === id)).toMatchObject({ active: false, credits: 45 });
      expect(await auditOf('gift.create')).toHaveLength(1);
      const changes = await auditOf('gift.change');
      expect(
        changes.map((c) => [
          (c.before as { credits: number }).credits,
          (c.after as { credits: number }).credits,
        ]),
      ).toEqual([
        [30, 45],
        [45, 45],
      ]);
    });
  });

  describe('settings that act on the server', () => {
    afterEach(async () => {
      await send('put', '/api/staff/settings', {
        gift_credits: 20,
        cdn_prefix: '/media/',
        minimum_message_costs: { NL: { costs: 0.25, currency: 'EUR' } },
      }).expect(200);
    });

    it('gift_credits: a gift priced below it costs gift_credits, offered and charged', async () => {
      await send('put', '/api/staff/settings', { gift_credits: 35 }).expect(200);
      const gifts = (await get('/api/gifts.php', viewer).expect(200)).body.gifts;
      const rose = gifts.find((g: { slug: string }) => g.slug === 'rose');
      const ring = gifts.find((g: { slug: string }) => g.slug === 'diamond_ring');
      expect(rose.credits).toBe(35);
      expect(ring.credits).toBe(100);
      const from = await chatMember(t);
      const to = await chatMember(t);
      await sendGift(t, from, { member: to.profile.id }, rose.id).expect(201);
      const { credits } = await t.prisma.user.findUniqueOrThrow({ where: { id: from.user.id } });
      expect(credits).toBe(1000 - 35);
    });

    it('minimum_message_costs: members of that country are not offered a package below it', async () => {
      const before = (await t.http().get('/api/packages.php?country=NL').expect(200)).body.packages;
      expect(before.map((p: { slug: string }) => p.slug)).toContain('vip');
      // vip: 1500 credits for 99.95, a message (10 credits) 0.67
      await send('put', '/api/staff/settings', {
        minimum_message_costs: { NL: { costs: 0.7, currency: 'EUR' } },
      }).expect(200);
      const after = (await t.http().get('/api/packages.php?country=NL').expect(200)).body.packages;
      expect(after.map((p: { slug: string }) => p.slug)).not.toContain('vip');
      expect(after.map((p: { slug: string }) => p.slug)).toContain('tryout');
      // another country has no such minimum
      const be = (await t.http().get('/api/packages.php?country=BE').expect(200)).body.packages;
      expect(be.map((p: { slug: string }) => p.slug)).toContain('vip');
    });

    it('cdn_prefix: photo and gift URLs start with it', async () => {
      const member = await chatMember(t);
      await activeMainPhoto(t, member.profile.id);
      const mediaUrl = async () =>
        (await get('/api/user.php', member.cookie).expect(200)).body.user.profile.main_image
          .filename as string;
      expect(await mediaUrl()).toMatch(/^\/media\/photos\//);
      await send('put', '/api/staff/settings', {
        cdn_prefix: 'https://cdn.vonkje.test/media/',
      }).expect(200);
      expect(await mediaUrl()).toMatch(
        /^https:\/\/cdn\.vonkje\.test\/media\/photos\/.+\?e=\d+&v=o&s=/,
      );
      const gifts = (await get('/api/gifts.php', viewer).expect(200)).body.gifts;
      expect(gifts[0].image).toMatch(/^https:\/\/cdn\.vonkje\.test\/media\/gifts\/\w+\.svg$/);
      // the console's gift previews too
      const staffList = (await get('/api/staff/catalogue/gifts').expect(200)).body as {
        image_prefix: string;
      };
      expect(staffList.image_prefix).toBe('https://cdn.vonkje.test/media/gifts/');
      // the same signature verifies at the server's own path (the CDN forwards /media/...)
      const path = new URL(await mediaUrl()).pathname;
      expect(path.startsWith('/media/photos/')).toBe(true);
    });
  });
});
