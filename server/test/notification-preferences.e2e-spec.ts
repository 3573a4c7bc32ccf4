import { PREFERENCE_DEFAULTS, PREFERENCES_SELECT } from '../src/notification-preferences';
import { Recipients } from '../src/notifications/recipients.service';
import { useTestApp } from './helpers/test-app';
import { loggedInMember } from './helpers/accounts';

const ALL_ON = {
  new_conversations: true,
  new_messages: true,
  like: true,
  visits: true,
  unread_message_reminders: true,
  promotions: true,
  weekly_updates: true,
  news: true,
  reminders: true,
};

describe('notification preferences: GET/PUT /api/notifications.php and re-enabling e-mail', () => {
  const t = useTestApp();

  const put = (cookie: string, body: unknown) =>
    t
      .http()
      .put('/api/notifications.php')
      .set('Cookie', cookie)
      .set('X-Request-Type', 'client')
      .send(body as object);

  it('reads every preference on for a new member, and no reason e-mail is off', async () => {
    const m = await loggedInMember(t);
    const res = await t.http().get('/api/notifications.php').set('Cookie', m.cookie).expect(200);
    expect(res.body).toEqual({ preferences: ALL_ON, notifications_disabled: [] });
  });

  it('makes the row with the defaults for an account that has none', async () => {
    const m = await loggedInMember(t);
    await t.prisma.notificationPreference.delete({ where: { userId: m.user.id } });
    const res = await t.http().get('/api/notifications.php').set('Cookie', m.cookie).expect(200);
    expect(res.body.preferences).toEqual(ALL_ON);
    expect(await t.prisma.notificationPreference.count({ where: { userId: m.user.id } })).toBe(1);
  });

  it('notifies a member without a preferences row as the schema’s defaults would make the row', async () => {
    const m = await loggedInMember(t);
    const made = await t.prisma.notificationPreference.findUniqueOrThrow({
      where: { userId: m.user.id },
      select: PREFERENCES_SELECT,
    });
    // the row signup made has the schema's defaults: what a missing row stands for
    expect(PREFERENCE_DEFAULTS).toEqual(made);
    await t.prisma.notificationPreference.delete({ where: { userId: m.user.id } });
    const recipient = await t.app.get(Recipients).find(m.user.id);
    expect(recipient?.preferences).toEqual(made);
  });

  it('changes only the preferences the body names and keeps them for the next read', async () => {
    const m = await loggedInMember(t);
    const other = await loggedInMember(t);
    const res = await put(m.cookie, { promotions: false, like: false }).expect(200);
    expect(res.body.preferences).toEqual({ ...ALL_ON, promotions: false, like: false });
    await put(m.cookie, { like: true }).expect(200);
    const read = await t.http().get('/api/notifications.php').set('Cookie', m.cookie).expect(200);
    expect(read.body.preferences).toEqual({ ...ALL_ON, promotions: false });
    const row = await t.prisma.notificationPreference.findUniqueOrThrow({
      where: { userId: m.user.id },
    });
    expect(row).toMatchObject({ promotions: false, like: true, news: true });
    // another member's preferences are untouched
    const theirs = await t.http().get('/api/notifications.php').set('Cookie', other.cookie);
    expect(theirs.body.preferences).toEqual(ALL_ON);
  });

  it('refuses bad bodies with a 400 in the member’s language and changes nothing', async () => {
    const m = await loggedInMember(t);
    for (const body of [
      {},
      { promotions: 'no' },
      { promotions: 0 },
      { promotions: null },
      { unknown_kind: true },
      { news: false, user_id: 1 },
      [],
    ]) {
      const res = await put(m.cookie, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('validation_failed');
    }
    const dutch = await put(m.cookie, { promotions: 'nee' }).expect(400);
    expect(JSON.stringify(dutch.body)).toContain('Deze waarde is niet geldig.');
    const row = await t.prisma.notificationPreference.findUniqueOrThrow({
      where: { userId: m.user.id },
    });
    expect(row).toMatchObject({ promotions: true, news: true });
  });

  it('answers a visitor with authentication_required and a call without the client header with 403', async () => {
    const visitor = await t.http().get('/api/notifications.php').expect(403);
    expect(visitor.body.error).toBe('authentication_required');
    await t
      .http()
      .put('/api/notifications.php')
      .set('X-Request-Type', 'client')
      .send({ news: false })
      .expect(403);
    const m = await loggedInMember(t);
    await t
      .http()
      .put('/api/notifications.php')
      .set('Cookie', m.cookie)
      .send({ news: false })
      .expect(403);
    const row = await t.prisma.notificationPreference.findUniqueOrThrow({
      where: { userId: m.user.id },
    });
    expect(row.news).toBe(true);
  });

  it('re-enables e-mail after a bounce, a spam report and an unsubscribe, for the asking member only', async () => {
    const m = await loggedInMember(t);
    const other = await loggedInMember(t);
    for (const id of [m.user.id, other.user.id]) {
      await t.prisma.user.update({
        where: { id },
        data: { notificationsDisabled: ['bounce', 'fbl', 'listunsubscribe'] },
      });
    }
    const before = await t.http().get('/api/user.php').set('Cookie', m.cookie).expect(200);
    expect(before.body.user.notifications_disabled).toEqual(['bounce', 'fbl', 'listunsubscribe']);
    const read = await t.http().get('/api/notifications.php').set('Cookie', m.cookie).expect(200);
    expect(read.body.notifications_disabled).toEqual(['bounce', 'fbl', 'listunsubscribe']);

    // without the query it is not a re-enable
    await t
      .http()
      .post('/api/notifications.php')
      .set('Cookie', m.cookie)
      .set('X-Request-Type', 'client')
      .expect(400);
    const res = await t
      .http()
      .post('/api/notifications.php?enable_email=1')
      .set('Cookie', m.cookie)
      .set('X-Request-Type', 'client')
      .expect(200);
    expect(res.body.notifications_disabled).toEqual([]);
    const after = await t.http().get('/api/user.php').set('Cookie', m.cookie).expect(200);
    expect(after.body.user.notifications_disabled).toEqual([]);
    const theirs = await t.prisma.user.findUniqueOrThrow({ where: { id: other.user.id } });
    expect(theirs.notificationsDisabled).toEqual(['bounce', 'fbl', 'listunsubscribe']);
    const visitor = await t
      .http()
      .post('/api/notifications.php?enable_email=1')
      .set('X-Request-Type', 'client')
      .expect(403);
    expect(visitor.body.error).toBe('authentication_required');
  });
});
