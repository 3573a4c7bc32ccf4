import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { LANDER_MEMBER_COUNTS, PUBLIC_PAGE_DATA_ID } from '@app/contract';
import type { SeedMemberOptions } from '../../prisma/seed/member';
import { LandersService } from '../src/landers';
import { SettingsService } from '../src/settings';
import { seedTestMember, signupBody } from './helpers/accounts';
import { activeMainPhoto } from './helpers/photos';
import { useTestApp } from './helpers/test-app';

type LanderCard = {
  id: number;
  name: string;
  fictional: boolean;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  main_image: { locked: boolean; filename: string } | null;
};

describe('the landers’ members (GET /api/landers.php)', () => {
  const t = useTestApp();

  /** Seeded members rank first: active a minute from now (the list is most recently active first). */
  let ahead = 0;
  const seed = async (options: SeedMemberOptions = {}, photo = true) => {
    ahead += 1;
    const member = await seedTestMember(t, {
      country: 'NL',
      city: 'Utrecht',
      ...options,
      profile: { lastActiveAt: new Date(Date.now() + 60_000 + ahead * 1000), ...options.profile },
    });
    if (photo) await activeMainPhoto(t, member.profile.id, 'lander');
    return member;
  };
  const landers = (query = 'count=24') => {
    // every visitor shares an answer for 30 seconds: each test asks afresh
    t.app.get(LandersService).forget();
    return t.http().get(`/api/landers.php?${query}`);
  };
  const ids = (cards: LanderCard[]) => cards.map((card) => card.id);

  it('shows visitors visible members with their photos and city coordinates, never invisible, privacy-mode, hidden, deleted, banned or unconfirmed ones', async () => {
    const visible = await seed({ name: 'Zichtbaar' });
    const fictional = await seed({ fictional: true, name: 'Chatmaatje' });
    const invisible = await seed({ profile: { invisible: true } });
    const privacy = await seed({ profile: { privacyMode: true } });
    const hidden = await seed({ profileStatus: 'hidden' });
    const deleted = await seed({ status: 'deleted' });
    const banned = await seed({ status: 'banned' });
    const unconfirmed = await seed({ status: 'not_confirmed' });

    const res = await landers().expect(200);
    const shown = ids(res.body.members);
    expect(shown).toEqual(expect.arrayContaining([visible.profile.id, fictional.profile.id]));
    for (const gone of [invisible, privacy, hidden, deleted, banned, unconfirmed]) {
      expect(shown).not.toContain(gone.profile.id);
    }
    expect(res.body.member).toBeNull();

    const card = res.body.members.find((c: LanderCard) => c.id === visible.profile.id);
    expect(card).toMatchObject({
      name: 'Zichtbaar',
      fictional: false,
      city: 'Utrecht',
      main_image: { locked: false },
    });
    expect(card.latitude).toBeCloseTo(52.09, 1);
    expect(card.longitude).toBeCloseTo(5.12, 1);
    // a chat pal carries its flag wherever it appears
    expect(res.body.members.find((c: LanderCard) => c.id === fictional.profile.id)).toMatchObject({
      fictional: true,
    });
    // nothing private: no e-mail, date of birth, account id or privacy settings
    const body = JSON.stringify(res.body);
    expect(body).not.toContain(visible.user.email);
    for (const key of ['email', 'date_of_birth', 'dateOfBirth', 'userId', 'privacyMode']) {
      expect(Object.keys(card)).not.toContain(key);
    }
  });

  it('lists members with an approved photo before those without, and gives as many as asked', async () => {
    const without = await seed({}, false);
    const withPhoto = await seed();
    const res = await landers('count=24').expect(200);
    const shown = ids(res.body.members);
    expect(shown.indexOf(withPhoto.profile.id)).toBeLessThan(shown.indexOf(without.profile.id));
    const two = await landers('count=2').expect(200);
    expect(two.body.members).toHaveLength(2);
    expect(two.body.members.every((c: LanderCard) => c.main_image !== null)).toBe(true);
  });

  it('shows members whom others blocked: blocks are between members, a visitor has none', async () => {
    const blocker = await seed();
    const blocked = await seed();
    await t.prisma.block.create({
      data: { blockerId: blocker.user.id, blockedId: blocked.user.id },
    });
    const shown = ids((await landers().expect(200)).body.members);
    expect(shown).toEqual(expect.arrayContaining([blocker.profile.id, blocked.profile.id]));
  });

  it('gives a member landing its member, and null for one visitors may not see', async () => {
    const star = await seed({ name: 'Ster' });
    const res = await landers(`count=3&member=${star.profile.id}`).expect(200);
    expect(res.body.member).toMatchObject({ id: star.profile.id, name: 'Ster' });
    expect(ids(res.body.members)).not.toContain(star.profile.id);
    expect(res.body.members).toHaveLength(3);

    for (const options of [
      { profile: { invisible: true } },
      { profile: { privacyMode: true } },
      { status: 'banned' as const },
      { status: 'deleted' as const },
      { profileStatus: 'hidden' as const },
    ]) {
      const gone = await seed(options);
      const answer = await landers(`member=${gone.profile.id}`).expect(200);
      expect(answer.body.member).toBeNull();
      expect(answer.body.members.length).toBeGreaterThan(0);
    }
    expect((await landers('member=2147483647').expect(200)).body.member).toBeNull();
  });

  it('refuses bad input with 400', async () => {
    for (const query of [
      'count=0',
      'count=25',
      'count=abc',
      'member=0',
      'member=x',
      'member=3000000000',
    ]) {
      await landers(query).expect(400);
    }
  });

  it('shares one answer among visitors for a short while', async () => {
    t.app.get(LandersService).forget();
    const first = await t.http().get('/api/landers.php?count=24').expect(200);
    const late = await seed();
    const cached = await t.http().get('/api/landers.php?count=24').expect(200);
    expect(cached.body).toEqual(first.body);
    expect(ids(cached.body.members)).not.toContain(late.profile.id);
    const fresh = await landers().expect(200);
    expect(ids(fresh.body.members)).toContain(late.profile.id);
  });

  it('keeps a bounded number of member landings, and walking the ids never drops the landers’ shared list', async () => {
    const service = t.app.get(LandersService);
    service.forget();
    const first = await service.showcase({ count: 8 });
    const late = await seed();
    // more member landings than are kept, of ids no member has (each a read by primary key)
    for (let id = 2_000_000_000; id < 2_000_001_001; id += 1) {
      await service.showcase({ count: 8, member: id });
    }
    expect(service.kept()).toEqual({ lists: 1, members: 1000 });
    // the landers' list is still the one shared before the walk
    const after = await service.showcase({ count: 8 });
    expect(after.members).toEqual(first.members);
    expect(ids(after.members as LanderCard[])).not.toContain(late.profile.id);
  });

  it('stores the lander and its slug with the tracking data of a signup', async () => {
    const body = signupBody({
      network: 'lnet',
      ref: 'lref',
      sub1: 'ls1',
      lander: 'maplanding',
      slug: 'zomer',
    });
    await t.http().post('/api/signup.php').set('X-Request-Type', 'client').send(body).expect(201);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email: body.email } });
    const tracking = await t.prisma.trackingData.findUnique({ where: { userId: user.id } });
    expect(tracking).toMatchObject({
      network: 'lnet',
      ref: 'lref',
      sub1: 'ls1',
      lander: 'maplanding',
      slug: 'zomer',
    });
    // a lander without any other tracking parameter is still kept
    const plain = signupBody({ lander: 'gallery' });
    await t.http().post('/api/signup.php').set('X-Request-Type', 'client').send(plain).expect(201);
    const plainUser = await t.prisma.user.findUniqueOrThrow({ where: { email: plain.email } });
    expect(
      await t.prisma.trackingData.findUnique({ where: { userId: plainUser.id } }),
    ).toMatchObject({
      lander: 'gallery',
      slug: null,
      network: null,
    });
  });
});

/**
 * A stand-in for the web's server build (web/dist-ssr/render.cjs, which needs a web build): the
 * member landings show `LANDER_MEMBER_COUNTS.member` members and the page's member, the visitor
 * search (when visitors may search) the address's filters or else the visitor's country, and it
 * renders every card it is given, name and photo, as the real pages do.
 */
const STAND_IN_RENDERER = `
exports.landersOf = (pathname) => {
  const landing = /^\\/members\\/(\\d+)\\/landing[23]?(\\/|$)/.exec(pathname);
  if (landing) return { count: ${LANDER_MEMBER_COUNTS.member}, member: Number(landing[1]) };
  return ['/', '/pricing', '/members'].includes(pathname) ? 'none' : null;
};
exports.showsPackages = (pathname) => pathname === '/pricing';
exports.searchOf = (pathname, search, settings) => {
  if (pathname !== '/members' || !settings.settings.logged_out_search) return null;
  const filters = Object.fromEntries(new URLSearchParams(search));
  return Object.keys(filters).length ? filters : { country: settings.settings.geoip_country };
};
exports.render = (input) => {
  const answer = input.landers && input.landers.answer;
  const found = input.results ? input.results.answer.profiles : [];
  const cards = answer ? [answer.member, ...answer.members].filter(Boolean) : found;
  const html = cards.length
    ? cards.map((c) => '<h2>' + c.name + '</h2><img src="' + (c.main_image ? c.main_image.filename : '') + '">').join('')
    : '<div aria-busy="true"></div>';
  return {
    html,
    data: {
      language: input.language,
      texts: {},
      landers: input.landers,
      company: input.company,
      packages: input.packages,
      results: input.results,
    },
    entryWarning: false,
  };
};
`;

/** A built web app's folder: index.html and public.html, the stand-in renderer beside it. */
function webDistWithRenderer(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'web-build-'));
  const dist = path.join(root, 'dist');
  mkdirSync(dist);
  mkdirSync(path.join(root, 'dist-ssr'));
  copyFileSync(path.join(__dirname, '../../web/index.html'), path.join(dist, 'index.html'));
  copyFileSync(path.join(__dirname, '../../web/public.html'), path.join(dist, 'public.html'));
  writeFileSync(path.join(root, 'dist-ssr', 'render.cjs'), STAND_IN_RENDERER);
  return dist;
}

describe('member landings rendered on the server, under the visitor card limit', () => {
  const LIMIT = 3;
  const t = useTestApp({
    WEB_DIST_DIR: webDistWithRenderer(),
    TRUST_PROXY: '1',
    RATE_LIMIT_VISITOR_PROFILES_PER_IP_HOUR: String(LIMIT),
  });

  let client = 0;
  /** A visitor of an address of their own. */
  const visitor = () => {
    client += 1;
    const ip = `198.51.100.${client}`;
    return {
      page: (url: string) => t.http().get(url).set('X-Forwarded-For', ip).expect(200),
      api: (url: string) => t.http().get(url).set('X-Forwarded-For', ip),
    };
  };
  /** The page's HTML inside #root and its public-page-data block. */
  const pageOf = (html: string) => {
    const { document } = new JSDOM(html).window;
    const block = document.getElementById(PUBLIC_PAGE_DATA_ID);
    return {
      root: document.getElementById('root')?.innerHTML ?? '',
      data: JSON.parse(block?.textContent ?? 'null') as {
        landers: unknown;
        packages: unknown;
        results: {
          filters: Record<string, string>;
          answer: { profiles: { id: number; name: string }[]; num_results: number };
        } | null;
      } | null,
    };
  };

  it('hold the member’s card until the visitor’s limit, and past it no member data at all; the API then answers 429', async () => {
    const landa = await seedTestMember(t, { name: 'Landa', country: 'NL', city: 'Den Haag' });
    await activeMainPhoto(t, landa.profile.id, 'landa');
    const other = await seedTestMember(t, { name: 'Anderlid', country: 'NL', city: 'Den Haag' });
    await activeMainPhoto(t, other.profile.id, 'anderlid');
    const id = landa.profile.id;
    const v = visitor();

    const pages = [`/members/${id}/landing`, `/members/${id}/landing2`, `/members/${id}/landing3`];
    let photo = '';
    for (const url of pages.slice(0, LIMIT)) {
      const res = await v.page(url);
      expect(res.text).toContain('Landa');
      const { landers } = pageOf(res.text).data as {
        landers: { answer: { member: { main_image: { filename: string } } } };
      };
      expect(landers).toMatchObject({
        member: id,
        answer: { member: { id, name: 'Landa', city: 'Den Haag' } },
      });
      photo = landers.answer.member.main_image.filename.split('?')[0];
      expect(res.text).toContain(photo);
    }

    const past = await v.page(`/members/${id}/landing`);
    const { root, data } = pageOf(past.text);
    expect(data).toMatchObject({ landers: null });
    expect(root).toContain('aria-busy');
    for (const leak of ['Landa', other.profile.name, 'Den Haag', photo]) {
      expect([leak, past.text.includes(leak)]).toEqual([leak, false]);
    }
    // the browser then asks for the members itself and is refused
    const refused = await v.api(
      `/api/landers.php?count=${LANDER_MEMBER_COUNTS.member}&member=${id}`,
    );
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('rate_limited');
  });

  it('share the limit with the API: cards taken through it leave none for the page', async () => {
    const ster = await seedTestMember(t, { name: 'Sterretje', country: 'NL', city: 'Den Haag' });
    const v = visitor();
    for (let i = 0; i < LIMIT; i += 1)
      await v.api(`/api/member.php?id=${ster.profile.id}`).expect(200);
    const res = await v.page(`/members/${ster.profile.id}/landing2`);
    expect(res.text).not.toContain('Sterretje');
    expect(pageOf(res.text).data).toMatchObject({ landers: null });
    // another address still gets the page with the member
    expect((await visitor().page(`/members/${ster.profile.id}/landing2`)).text).toContain(
      'Sterretje',
    );
  });
  it("bring the visitor's packages on the prices page, as GET /api/packages.php answers them, and on no other page", async () => {
    const v = visitor();
    const api = await v.api('/api/packages.php?country=NL').expect(200);
    expect(api.body.packages.length).toBeGreaterThan(0);
    const { data } = pageOf((await v.page('/pricing')).text);
    expect(data).toMatchObject({ packages: api.body });
    expect(pageOf((await v.page('/')).text).data).toMatchObject({ packages: null });
  });

  it('bring the visitor search’s first page as GET /api/search.php answers it, through the member access rule, and count it against the visitor’s limit', async () => {
    const shown = await seedTestMember(t, { name: 'Zichtbaar', country: 'IE', gender: 'female' });
    await activeMainPhoto(t, shown.profile.id, 'zichtbaar');
    const hidden = await seedTestMember(t, {
      name: 'Onzichtbaar',
      country: 'IE',
      gender: 'female',
      profile: { invisible: true },
    });
    const v = visitor();
    const api = await v.api('/api/search.php?country=IE&gender=female').expect(200);
    const page = await v.page('/members?country=IE&gender=female');
    const { root, data } = pageOf(page.text);
    expect(data?.results?.filters).toEqual({ country: 'IE', gender: 'female' });
    const ids = (profiles: { id: number }[]) => profiles.map((p) => p.id);
    expect(ids(data?.results?.answer.profiles ?? [])).toEqual(ids(api.body.profiles));
    expect(ids(api.body.profiles)).toEqual([shown.profile.id]);
    expect(data?.results?.answer.num_results).toBe(api.body.num_results);
    expect(root).toContain('Zichtbaar');
    expect(page.text).not.toContain(hidden.profile.name);

    // the third card read of this address (an API call and a page before): the last one
    expect(pageOf((await v.page('/members?country=IE')).text).data?.results).not.toBeNull();
    const past = await v.page('/members?country=IE&gender=female');
    expect(pageOf(past.text).data).toMatchObject({ results: null });
    expect(past.text).not.toContain('Zichtbaar');
    expect((await v.api('/api/search.php?country=IE&gender=female')).status).toBe(429);
  });

  it('render the visitor search with the visitor’s country when the address has no filters, and none when visitors may not search or the filters are not valid', async () => {
    const { data } = pageOf((await visitor().page('/members')).text);
    expect(Object.keys(data?.results?.filters ?? {})).toEqual(['country']);
    expect(pageOf((await visitor().page('/members?min_age=abc')).text).data).toMatchObject({
      results: null,
    });

    const settings = t.app.get(SettingsService);
    await t.prisma.setting.upsert({
      where: { key: 'logged_out_search' },
      create: { key: 'logged_out_search', value: false },
      update: { value: false },
    });
    settings.invalidate();
    try {
      expect(pageOf((await visitor().page('/members')).text).data).toMatchObject({
        results: null,
      });
    } finally {
      await t.prisma.setting.deleteMany({ where: { key: 'logged_out_search' } });
      settings.invalidate();
    }
  });
});
