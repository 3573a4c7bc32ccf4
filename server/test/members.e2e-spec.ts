import { seedConversation } from '../../prisma/seed/conversation';
import type { SeedMemberOptions } from '../../prisma/seed/member';
import { loggedInMember, seedTestMember } from './helpers/accounts';
import { useTestApp } from './helpers/test-app';

describe('member cards and the first matches after signup', () => {
  const t = useTestApp();

  const seed = (options: SeedMemberOptions = {}) => seedTestMember(t, options);

  const loggedIn = (options: SeedMemberOptions = {}) => loggedInMember(t, options);

  const converse = (a: number, b: number) => seedConversation(t.seedClient, a, b);

  describe('GET /api/member.php', () => {
    it('shows a visitor the age, city and fictional flag, never the date of birth', async () => {
      const pal = await seed({ name: 'Palina', age: 31, city: 'Utrecht', fictional: true });
      const res = await t.http().get(`/api/member.php?id=${pal.profile.id}`).expect(200);
      expect(res.body.profile).toMatchObject({
        id: pal.profile.id,
        name: 'Palina',
        age: 31,
        city: 'Utrecht',
        country: 'NL',
        fictional: true,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/date_of_birth|dateOfBirth|email/);
    });

    it('answers 404 for a member whose account is deleted, unconfirmed or taken offline', async () => {
      const deleted = await seed({ status: 'deleted', profileStatus: 'active' });
      const unconfirmed = await seed({ status: 'not_confirmed' });
      const hidden = await seed({ profileStatus: 'hidden' });
      for (const m of [deleted, unconfirmed, hidden]) {
        const res = await t.http().get(`/api/member.php?id=${m.profile.id}`).expect(404);
        expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
      }
    });

    it('hides an invisible member from strangers but not from a conversation partner', async () => {
      const shy = await seed({ profile: { invisible: true } });
      const stranger = await loggedIn();
      const partner = await loggedIn();
      await converse(partner.user.id, shy.user.id);
      const path = `/api/member.php?id=${shy.profile.id}`;
      await t.http().get(path).expect(404);
      await t.http().get(path).set('Cookie', stranger.cookie).expect(404);
      await t.http().get(path).set('Cookie', partner.cookie).expect(200);
    });

    it('hides a blocker from the member they blocked, but lets the blocker open the blocked member’s page', async () => {
      const blocker = await loggedIn();
      const blocked = await loggedIn();
      await t.prisma.block.create({
        data: { blockerId: blocker.user.id, blockedId: blocked.user.id },
      });
      await t
        .http()
        .get(`/api/member.php?id=${blocker.profile.id}`)
        .set('Cookie', blocked.cookie)
        .expect(404);
      const page = await t
        .http()
        .get(`/api/member.php?id=${blocked.profile.id}`)
        .set('Cookie', blocker.cookie)
        .expect(200);
      expect(page.body.profile.relation).toEqual({ blocked: true, liked: false, liked_by: false });
      // others still see both
      await t.http().get(`/api/member.php?id=${blocker.profile.id}`).expect(200);
    });

    it('shows a member as online while they use the site, and offline after a quiet spell', async () => {
      const active = await loggedIn({
        profile: { lastActiveAt: new Date(Date.now() - 3_600_000) },
      });
      const viewer = await loggedIn();
      const card = () =>
        t.http().get(`/api/member.php?id=${active.profile.id}`).set('Cookie', viewer.cookie);
      // logging in counts as activity
      expect((await card().expect(200)).body.profile.online).toBe(true);
      // a quiet spell, then a request of the member's own session marks them active again
      const quiet = new Date(Date.now() - 3_600_000);
      await t.prisma.profile.update({
        where: { id: active.profile.id },
        data: { lastActiveAt: quiet },
      });
      await t.prisma.session.updateMany({
        where: { userId: active.user.id },
        data: { lastSeenAt: quiet },
      });
      expect((await card().expect(200)).body.profile.online).toBe(false);
      await t.http().get('/api/user.php').set('Cookie', active.cookie).expect(200);
      expect((await card().expect(200)).body.profile.online).toBe(true);
    });

    it('relates to a page members of the gender the viewer seeks, else of the member’s gender', async () => {
      // its own country keeps this test apart from members other tests seed
      const country = 'IT';
      const page = await seed({ gender: 'female', age: 30, country });
      const man = await seed({ gender: 'male', age: 31, country });
      const woman = await seed({ gender: 'female', age: 29, country });
      const related = async (cookie?: string, profileId = page.profile.id) => {
        const req = t.http().get(`/api/member.php?id=${profileId}`);
        const res = await (cookie ? req.set('Cookie', cookie) : req).expect(200);
        return (res.body.related as { id: number }[]).map((card) => card.id);
      };
      const seeksMen = await loggedIn({ gender: 'male', seekingGender: 'male' });
      const seeksWomen = await loggedIn({ gender: 'female', seekingGender: 'female' });
      const seeksEither = await loggedIn({ gender: 'male', seekingGender: null });

      // a man who seeks men, on a woman's page: men like her, not women
      expect(await related(seeksMen.cookie)).toEqual([man.profile.id]);
      // a woman who seeks women, on a man's page: women like him
      expect(await related(seeksWomen.cookie, man.profile.id)).toEqual([
        woman.profile.id,
        page.profile.id,
      ]);
      // a visitor, and a member who seeks either: members like the member, of their gender
      expect(await related()).toEqual([woman.profile.id]);
      expect(await related(seeksEither.cookie)).toEqual([woman.profile.id]);
    });

    it('relates to a page members born within six years of the member’s birth year, most recently active first', async () => {
      // its own country keeps this test apart from members other tests seed
      const country = 'IE';
      const born = (date: string) => new Date(`${date}T00:00:00Z`);
      const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
      const page = await seed({ gender: 'male', dateOfBirth: born('1990-06-15'), country });
      const member = (date: string, minutes: number) =>
        seed({
          gender: 'male',
          dateOfBirth: born(date),
          country,
          profile: { lastActiveAt: minutesAgo(minutes) },
        });
      // the bounds: from 1 January six years before the birth year to 31 December six after
      const firstIn = await member('1984-01-01', 3);
      const lastIn = await member('1996-12-31', 1);
      const sameYear = await member('1990-01-01', 2);
      await member('1983-12-31', 0);
      await member('1997-01-01', 0);
      const res = await t.http().get(`/api/member.php?id=${page.profile.id}`).expect(200);
      expect((res.body.related as { id: number }[]).map((card) => card.id)).toEqual([
        lastIn.profile.id,
        sameYear.profile.id,
        firstIn.profile.id,
      ]);
    });

    it('refuses an id that is not a number with a validation error', async () => {
      const res = await t.http().get('/api/member.php?id=abc').expect(400);
      expect(res.body.error).toBe('validation_failed');
    });
  });

  describe('GET /api/signup-matches.php', () => {
    it('needs a session', async () => {
      const res = await t.http().get('/api/signup-matches.php').expect(403);
      expect(res.body.error).toBe('authentication_required');
    });

    it('lists visible members of the sought gender: real before fictional, same region and nearest age first', async () => {
      // its own country keeps this test apart from members other tests seed in NL
      const country = 'BE';
      const region = await t.prisma.region.findFirstOrThrow({
        where: { countryCode: country },
        orderBy: { id: 'asc' },
      });
      const otherRegion = await t.prisma.region.findFirstOrThrow({
        where: { countryCode: country, id: { not: region.id } },
        orderBy: { id: 'asc' },
      });
      const me = await loggedIn({
        gender: 'male',
        seekingGender: 'female',
        age: 30,
        country,
        region: region.code ?? region.name,
      });
      const near = await seed({
        gender: 'female',
        age: 31,
        country,
        region: region.code ?? region.name,
      });
      const older = await seed({
        gender: 'female',
        age: 50,
        country,
        region: region.code ?? region.name,
      });
      const elsewhere = await seed({
        gender: 'female',
        age: 30,
        country,
        region: otherRegion.code ?? otherRegion.name,
      });
      const pal = await seed({ gender: 'female', age: 45, country, fictional: true });
      const man = await seed({ gender: 'male', age: 30, country });
      const invisible = await seed({
        gender: 'female',
        age: 30,
        country,
        profile: { invisible: true },
      });
      const blockedMe = await seed({ gender: 'female', age: 30, country });
      await t.prisma.block.create({
        data: { blockerId: blockedMe.user.id, blockedId: me.user.id },
      });
      const gone = await seed({
        gender: 'female',
        age: 30,
        country,
        status: 'deleted',
        profileStatus: 'active',
      });
      await seed({ gender: 'female', age: 30, country: 'DE' });

      const res = await t
        .http()
        .get('/api/signup-matches.php')
        .set('Cookie', me.cookie)
        .expect(200);
      const ids = (res.body.profiles as { id: number }[]).map((p) => p.id);
      // real members first, chat pals only after them; then region, then age
      expect(ids).toEqual([
        near.profile.id,
        older.profile.id,
        elsewhere.profile.id,
        pal.profile.id,
      ]);
      for (const hiddenOne of [man, invisible, blockedMe, gone, me]) {
        expect(ids).not.toContain(hiddenOne.profile.id);
      }
      const palCard = (res.body.profiles as { id: number; fictional: boolean }[]).find(
        (p) => p.id === pal.profile.id,
      );
      expect(palCard?.fictional).toBe(true);
    });

    it('returns at most eight profiles', async () => {
      const country = 'AT';
      const me = await loggedIn({ gender: 'female', seekingGender: 'male', country });
      for (let i = 0; i < 10; i++) await seed({ gender: 'male', country });
      const res = await t
        .http()
        .get('/api/signup-matches.php')
        .set('Cookie', me.cookie)
        .expect(200);
      expect(res.body.profiles).toHaveLength(8);
    });
  });
});
