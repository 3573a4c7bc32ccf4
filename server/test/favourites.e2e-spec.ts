import type { SeedMemberOptions } from '../../prisma/seed/member';
import { loggedInMember, seedTestMember } from './helpers/accounts';
import { useTestApp } from './helpers/test-app';

describe('favourites', () => {
  const t = useTestApp();
  const seed = (options: SeedMemberOptions = {}) => seedTestMember(t, options);
  const loggedIn = (options: SeedMemberOptions = {}) => loggedInMember(t, options);
  const star = (cookie: string, member: unknown, on = true) => {
    const http = t.http();
    return (on ? http.put('/api/favourite.php') : http.delete('/api/favourite.php'))
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .send({ member });
  };
  const list = (cookie: string) =>
    t.http().get('/api/favourites.php').set('Cookie', cookie).expect(200);

  it('adds and removes a favourite idempotently, newest first on the list', async () => {
    const me = await loggedIn();
    const [a, b] = await Promise.all([seed(), seed()]);
    await star(me.cookie, a.profile.id).expect(200, { member: a.profile.id, favourite: true });
    await star(me.cookie, a.profile.id).expect(200, { member: a.profile.id, favourite: true });
    await star(me.cookie, b.profile.id).expect(200);
    expect(await t.prisma.favourite.count({ where: { memberId: me.user.id } })).toBe(2);
    const res = await list(me.cookie);
    expect(res.body.ids).toEqual([b.profile.id, a.profile.id]);
    expect(res.body.profiles.map((p: { name: string }) => p.name)).toEqual([
      b.profile.name,
      a.profile.name,
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/date_of_birth|email/);

    await star(me.cookie, a.profile.id, false).expect(200, {
      member: a.profile.id,
      favourite: false,
    });
    await star(me.cookie, a.profile.id, false).expect(200, {
      member: a.profile.id,
      favourite: false,
    });
    expect((await list(me.cookie)).body.ids).toEqual([b.profile.id]);
  });

  it('keeps the list private: no call reads or changes another member’s favourites', async () => {
    const [me, other] = await Promise.all([loggedIn(), loggedIn()]);
    const target = await seed();
    await star(other.cookie, target.profile.id).expect(200);
    // my list is mine alone: another member's id in the query reads nothing of theirs
    expect((await list(me.cookie)).body).toEqual({ ids: [], profiles: [] });
    expect(
      (
        await t
          .http()
          .get(`/api/favourites.php?member=${other.profile.id}&user=${other.user.id}`)
          .set('Cookie', me.cookie)
          .expect(200)
      ).body,
    ).toEqual({ ids: [], profiles: [] });
    // a body naming someone else's list is refused too
    await t
      .http()
      .put('/api/favourite.php')
      .set('Cookie', me.cookie)
      .set('X-Request-Type', 'client')
      .send({ member: target.profile.id, owner: other.user.id })
      .expect(400);
    // removing the target from "my" list leaves the other member's list as it was
    await star(me.cookie, target.profile.id, false).expect(200);
    expect((await list(other.cookie)).body.ids).toEqual([target.profile.id]);
    // visitors have none
    await t
      .http()
      .get('/api/favourites.php')
      .expect((res) => expect([401, 403]).toContain(res.status));
  });

  it('refuses oneself, unknown ids and members who blocked the member, as not found', async () => {
    const me = await loggedIn();
    const blocker = await seed();
    await t.prisma.block.create({ data: { blockerId: blocker.user.id, blockedId: me.user.id } });
    await star(me.cookie, me.profile.id).expect(404);
    await star(me.cookie, 2_000_000_000).expect(404);
    await star(me.cookie, blocker.profile.id).expect(404);
    await star(me.cookie, 'abc').expect(400);
    await star(me.cookie, -1).expect(400);
    expect(await t.prisma.favourite.count({ where: { memberId: me.user.id } })).toBe(0);
  });

  it('drops blocked, invisible and deleted members from the list through the access rule', async () => {
    const me = await loggedIn();
    const [blocked, hiding, leaving, staying] = await Promise.all([seed(), seed(), seed(), seed()]);
    for (const m of [blocked, hiding, leaving, staying])
      await star(me.cookie, m.profile.id).expect(200);
    await t.prisma.block.create({ data: { blockerId: blocked.user.id, blockedId: me.user.id } });
    await t.prisma.profile.update({ where: { id: hiding.profile.id }, data: { invisible: true } });
    await t.prisma.user.update({ where: { id: leaving.user.id }, data: { status: 'deleted' } });
    await t.prisma.profile.update({
      where: { id: leaving.profile.id },
      data: { status: 'disabled' },
    });
    expect((await list(me.cookie)).body.ids).toEqual([staying.profile.id]);
    // the rows stay: lifting the block brings the member back
    await t.prisma.block.deleteMany({ where: { blockerId: blocked.user.id } });
    expect((await list(me.cookie)).body.ids).toEqual([staying.profile.id, blocked.profile.id]);
  });

  it('searches only the member’s favourites when asked, and refuses that to visitors', async () => {
    const me = await loggedIn({ gender: 'male', seekingGender: 'female' });
    const [fav, other] = await Promise.all([
      seed({ gender: 'female', country: 'NL' }),
      seed({ gender: 'female', country: 'NL' }),
    ]);
    await star(me.cookie, fav.profile.id).expect(200);
    const res = await t
      .http()
      .get('/api/search.php?favourites=1&country=NL')
      .set('Cookie', me.cookie)
      .expect(200);
    const ids = res.body.profiles.map((p: { id: number }) => p.id);
    expect(ids).toEqual([fav.profile.id]);
    expect(ids).not.toContain(other.profile.id);
    expect(res.body.num_results).toBe(1);
    await t
      .http()
      .get('/api/search.php?favourites=1')
      .expect((r) => expect([401, 403]).toContain(r.status));
  });
});
