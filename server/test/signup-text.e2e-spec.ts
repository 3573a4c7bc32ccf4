import { ownProfileResponse } from '@app/contract';
import { signupBody } from './helpers/accounts';
import { sessionCookie } from './helpers/mail-app';
import { cookieOf, staffAccount } from './helpers/staff';
import { useTestApp } from './helpers/test-app';

/**
 * The short text a member types at signup ("Een korte tekst voor je profiel"): it waits in the
 * text inspection queue like any profile text, is not on the profile until a moderator approves
 * it, then is the profile's first about text; meanwhile its owner sees that it waits.
 */
describe('the signup text', () => {
  const t = useTestApp();
  let mod: string;

  beforeAll(async () => {
    mod = await cookieOf(await staffAccount(t, ['moderator']), t);
  });

  const post = (cookie: string | null, path: string, body: object = {}) => {
    const req = t.http().post(path).set('X-Request-Type', 'client');
    return (cookie ? req.set('Cookie', cookie) : req).send(body);
  };
  const get = (cookie: string, path: string) => t.http().get(path).set('Cookie', cookie);

  /** Signs up with `message` as the signup text; the new member's session and profile id. */
  async function signUp(message?: string) {
    const body = signupBody(message === undefined ? {} : { signup_message: message });
    const res = await post(null, '/api/signup.php', body).expect(201);
    const profile = await t.prisma.profile.findFirstOrThrow({
      where: { user: { email: body.email.toLowerCase() } },
      select: { id: true, name: true },
    });
    return { cookie: sessionCookie(res), profileId: profile.id, name: profile.name };
  }

  const own = async (cookie: string) => {
    const res = await get(cookie, '/api/profile.php').expect(200);
    return ownProfileResponse.parse(res.body).profile;
  };
  const about = async (profileId: number) =>
    (await t.prisma.profile.findUniqueOrThrow({ where: { id: profileId } })).about;

  /** The waiting review of the profile's about text, claimed by the moderator. */
  async function claimAbout(profileId: number) {
    const skipped: number[] = [];
    for (;;) {
      const res = await post(mod, '/api/staff/inspection/texts/next', { exclude: skipped });
      const text = res.body.text as {
        id: number;
        field: string;
        text: string | null;
        previous: string | null;
        member: { profile_id: number };
      } | null;
      if (!text) throw new Error('the signup text is not in the queue');
      if (text.member.profile_id === profileId && text.field === 'about') return text;
      skipped.push(text.id);
    }
  }

  const decide = (id: number, body: object) =>
    post(mod, `/api/staff/inspection/texts/${id}/decision`, body).expect(200);

  it('waits in the text inspection queue, is not on the profile, and its owner sees it waiting', async () => {
    const member = await signUp('Ik fiets graag langs de Vecht.');
    expect(await about(member.profileId)).toBeNull();

    const queue = await get(mod, '/api/staff/inspection/texts').expect(200);
    expect(queue.body.texts).toContainEqual(
      expect.objectContaining({
        field: 'about',
        profile: { id: member.profileId, name: member.name },
      }),
    );
    const claimed = await claimAbout(member.profileId);
    expect(claimed).toMatchObject({ text: 'Ik fiets graag langs de Vecht.', previous: null });

    expect(await own(member.cookie)).toMatchObject({
      about: null,
      about_waiting: 'Ik fiets graag langs de Vecht.',
    });
  });

  it('becomes the first about text once approved; the undo hides it again while it waits', async () => {
    const member = await signUp('Wandelen, koken en goede gesprekken.');
    const claimed = await claimAbout(member.profileId);
    const decided = await decide(claimed.id, { action: 'approve' });

    expect(await about(member.profileId)).toBe('Wandelen, koken en goede gesprekken.');
    expect(await own(member.cookie)).toMatchObject({
      about: 'Wandelen, koken en goede gesprekken.',
      about_waiting: null,
      text_rejections: [],
    });
    const audit = await t.prisma.staffAuditEntry.findFirstOrThrow({
      where: { action: 'text.approve', subjectId: String(claimed.id) },
    });
    expect(audit.after).toMatchObject({ about: 'Wandelen, koken en goede gesprekken.' });

    await post(mod, `/api/staff/inspection/decisions/${decided.body.decision}/undo`).expect(200);
    expect(await about(member.profileId)).toBeNull();
    expect((await own(member.cookie)).about_waiting).toBe('Wandelen, koken en goede gesprekken.');
  });

  it('never reaches the profile when refused, and its owner is told why', async () => {
    const member = await signUp('Bel me op 0612345678');
    const claimed = await claimAbout(member.profileId);
    await decide(claimed.id, { action: 'reject', reason: 'contact_details' });

    expect(await about(member.profileId)).toBeNull();
    const profile = await own(member.cookie);
    expect(profile.about_waiting).toBeNull();
    expect(profile.text_rejections).toEqual([
      { field: 'about', reason: 'contact_details', decided_at: expect.any(String) },
    ]);
  });

  it('gives way to an about text the member writes first, which is shown at once and reviewed', async () => {
    const member = await signUp('Eerste indruk.');
    const current = await own(member.cookie);
    await t
      .http()
      .put('/api/profile.php')
      .set('Cookie', member.cookie)
      .set('X-Request-Type', 'client')
      .send({
        name: current.name,
        gender: current.gender,
        seeking_gender: current.seeking_gender,
        date_of_birth: current.date_of_birth,
        country: current.country,
        region_id: null,
        city_id: null,
        about: 'Mijn eigen tekst.',
        interests: [],
        invisible: false,
        privacy_mode: false,
      })
      .expect(200);

    expect(await own(member.cookie)).toMatchObject({
      about: 'Mijn eigen tekst.',
      about_waiting: null,
    });
    // one review of the field waits, with the member's own text
    const reviews = await t.prisma.profileTextReview.findMany({
      where: { profileId: member.profileId, field: 'about', status: 'waiting' },
    });
    expect(reviews).toEqual([
      expect.objectContaining({ text: 'Mijn eigen tekst.', previous: null, held: false }),
    ]);
    // approving it leaves the member's text as it is
    const claimed = await claimAbout(member.profileId);
    await decide(claimed.id, { action: 'approve' });
    expect(await about(member.profileId)).toBe('Mijn eigen tekst.');
  });

  it('queues nothing for a signup without a text', async () => {
    const member = await signUp();
    const blank = await signUp('   ');
    expect(
      await t.prisma.profileTextReview.count({
        where: { profileId: { in: [member.profileId, blank.profileId] } },
      }),
    ).toBe(0);
    expect((await own(member.cookie)).about_waiting).toBeNull();
  });
});
