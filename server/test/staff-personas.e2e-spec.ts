import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@app/contract';
import { DeletionService } from '../src/deletion';
import { staffAccount, cookieOf, type StaffAccount } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';
import { chatMember, get, sendText } from './helpers/chat';
import { connect, listening, type Received } from './helpers/sockets';

interface Staffer {
  account: StaffAccount;
  cookie: string;
}

describe('the chat partner as one person: persona sheets, notes per conversation, canned replies', () => {
  let t: TestApp;
  let base: string;
  let admin: Staffer;
  let operator: Staffer;
  let moderator: Staffer;
  const sockets: Received[] = [];

  const staffer = async (roles: ('admin' | 'operator' | 'moderator')[]): Promise<Staffer> => {
    const account = await staffAccount(t, roles);
    await t.prisma.user.update({
      where: { id: account.id },
      data: { staffName: `Medewerker ${roles[0]}` },
    });
    return { account, cookie: await cookieOf(account, t) };
  };
  const as = (who: { cookie: string }) => ({
    get: (path: string) => t.http().get(path).set('Cookie', who.cookie),
    post: (path: string, body: object = {}) =>
      t
        .http()
        .post(path)
        .set('Cookie', who.cookie)
        .set('X-Request-Type', 'client')
        .set('Idempotency-Key', randomUUID())
        .send(body),
    put: (path: string, body: object) =>
      t.http().put(path).set('Cookie', who.cookie).set('X-Request-Type', 'client').send(body),
    delete: (path: string) =>
      t.http().delete(path).set('Cookie', who.cookie).set('X-Request-Type', 'client'),
  });
  /** A chat partner and a paying member (in `city`, writing in `language`) who wrote it. */
  async function writtenPartner(options: { city?: string; language?: string } = {}) {
    const partner = await chatMember(t, { fictional: true, name: 'Sanne' });
    const member = await chatMember(t, {
      paidUser: true,
      name: 'Piet',
      ...(options.city ? { city: options.city } : {}),
    });
    if (options.language) {
      await t.prisma.user.update({
        where: { id: member.user.id },
        data: { language: options.language },
      });
    }
    const sent = await sendText(t, member, { member: partner.profile.id }, 'Hoi Sanne!').expect(
      201,
    );
    return {
      partnerId: partner.profile.id,
      member,
      conversation: sent.body.message.conversation_id as number,
    };
  }
  const audit = (action: string) =>
    t.prisma.staffAuditEntry.findMany({ where: { action }, orderBy: { id: 'asc' } });

  beforeAll(async () => {
    t = await createTestApp();
    base = await listening(t);
    admin = await staffer(['admin']);
    operator = await staffer(['operator']);
    moderator = await staffer(['moderator']);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('lets an admin write the backstory and style, operators read them and note the facts told, each change audited', async () => {
    const { partnerId } = await writtenPartner();
    const empty = (await as(operator).get(`/api/staff/partners/${partnerId}/persona`).expect(200))
      .body.persona;
    expect(empty).toMatchObject({
      partner: { id: partnerId, name: 'Sanne', fictional: true },
      backstory: '',
      writing_style: '',
      facts: [],
      updated_at: null,
    });

    const sheet = {
      backstory: 'Verpleegkundige in Utrecht, 34, een hond die Max heet.',
      writing_style: 'Kort, veel smileys, nooit hoofdletters.',
    };
    // the character is the admins' to define: an operator may not rewrite it
    await as(operator).put(`/api/staff/partners/${partnerId}/persona`, sheet).expect(403);
    await as(moderator).get(`/api/staff/partners/${partnerId}/persona`).expect(403);
    const written = (await as(admin).put(`/api/staff/partners/${partnerId}/persona`, sheet)).body
      .persona;
    expect(written).toMatchObject({ ...sheet, updated_by: 'Medewerker admin' });

    // the operators note what the partner told, and take a wrong one off again
    await as(operator)
      .post(`/api/staff/partners/${partnerId}/persona/facts`, { body: 'Heeft een zus in Gouda' })
      .expect(201);
    const two = (
      await as(operator)
        .post(`/api/staff/partners/${partnerId}/persona/facts`, { body: 'Houdt van zeilen' })
        .expect(201)
    ).body.persona;
    expect(two.facts).toEqual([
      expect.objectContaining({ body: 'Heeft een zus in Gouda', author: 'Medewerker operator' }),
      expect.objectContaining({ body: 'Houdt van zeilen' }),
    ]);
    const left = (
      await as(operator)
        .delete(`/api/staff/partners/${partnerId}/persona/facts/${two.facts[0].id}`)
        .expect(200)
    ).body.persona;
    expect(left.facts.map((f: { body: string }) => f.body)).toEqual(['Houdt van zeilen']);
    // an empty fact, another partner's fact and a real member's "sheet" are refused
    await as(operator)
      .post(`/api/staff/partners/${partnerId}/persona/facts`, { body: '  ' })
      .expect(400);
    const other = await writtenPartner();
    await as(operator)
      .delete(`/api/staff/partners/${other.partnerId}/persona/facts/${two.facts[1].id}`)
      .expect(404);
    const real = await chatMember(t);
    await as(operator).get(`/api/staff/partners/${real.profile.id}/persona`).expect(404);

    expect((await audit('persona.updated')).at(-1)).toMatchObject({
      actorId: admin.account.id,
      subjectId: String(partnerId),
      before: null,
      after: sheet,
    });
    expect((await audit('persona.fact_added')).slice(-2)).toEqual([
      expect.objectContaining({ actorId: operator.account.id, subjectId: String(two.facts[0].id) }),
      expect.objectContaining({ actorId: operator.account.id, subjectId: String(two.facts[1].id) }),
    ]);
    expect((await audit('persona.fact_removed')).at(-1)).toMatchObject({
      actorId: operator.account.id,
      before: { partner: partnerId, body: 'Heeft een zus in Gouda' },
    });
  });

  it('keeps notes per conversation with their author and time, audited about the member, shown beside that conversation only', async () => {
    const { conversation, member, partnerId } = await writtenPartner();
    await as(operator).post(`/api/staff/inbox/${conversation}/open`).expect(200);
    const saved = (
      await as(operator)
        .post(`/api/staff/inbox/${conversation}/notes`, { body: 'Vertelde over zijn nieuwe baan' })
        .expect(201)
    ).body.notes;
    expect(saved).toEqual([
      {
        id: expect.any(Number),
        body: 'Vertelde over zijn nieuwe baan',
        author: 'Medewerker operator',
        at: expect.any(String),
      },
    ]);
    const panel = (await as(operator).get(`/api/staff/inbox/${conversation}/persona`).expect(200))
      .body;
    expect(panel.notes).toEqual(saved);
    expect(panel.persona.partner).toEqual({ id: partnerId, name: 'Sanne', fictional: true });
    // the member's other conversation with a chat partner has its own notes
    const lisa = await chatMember(t, { fictional: true, name: 'Lisa' });
    const second = (await sendText(t, member, { member: lisa.profile.id }, 'Hoi Lisa').expect(201))
      .body.message.conversation_id as number;
    expect(
      (await as(operator).get(`/api/staff/inbox/${second}/persona`).expect(200)).body.notes,
    ).toEqual([]);

    expect((await audit('conversation.note_added')).at(-1)).toMatchObject({
      actorId: operator.account.id,
      targetUserId: member.user.id,
      subjectId: String(saved[0].id),
      after: { conversation, body: 'Vertelde over zijn nieuwe baan' },
    });
    // only on a conversation with a chat partner; never by a moderator
    const a = await chatMember(t);
    const b = await chatMember(t);
    const between = (await sendText(t, a, { member: b.profile.id }, 'Hoi').expect(201)).body.message
      .conversation_id as number;
    await as(operator).post(`/api/staff/inbox/${between}/notes`, { body: 'x' }).expect(404);
    await as(operator).get(`/api/staff/inbox/${between}/persona`).expect(404);
    await as(moderator).post(`/api/staff/inbox/${conversation}/notes`, { body: 'x' }).expect(403);
    await as(operator)
      .post(`/api/staff/inbox/${conversation}/notes`, { body: 'x'.repeat(1001) })
      .expect(400);
  });

  it('fills a canned reply in the member’s language with their name and city; the operator edits and sends it', async () => {
    const { conversation, member, partnerId } = await writtenPartner({
      city: 'Utrecht',
      language: 'de',
    });
    await as(operator)
      .post(`/api/staff/partners/${partnerId}/canned-replies`, {
        language: 'de',
        title: 'Begrüßung',
        body: 'Hallo {name}! Wie ist das Wetter in {city}?',
      })
      .expect(201);
    await as(operator)
      .post(`/api/staff/partners/${partnerId}/canned-replies`, {
        language: 'nl',
        title: 'Groet',
        body: 'Hoi {name}!',
      })
      .expect(201);
    const console = await connect(base, operator.cookie, { namespace: '/staff' });
    const tab = await connect(base, member.cookie);
    sockets.push(console, tab);
    await as(operator).post(`/api/staff/inbox/${conversation}/open`).expect(200);
    const panel = (await as(operator).get(`/api/staff/inbox/${conversation}/persona`).expect(200))
      .body;
    expect(panel.language).toBe('de');
    expect(panel.replies).toEqual([
      expect.objectContaining({
        title: 'Begrüßung',
        body: 'Hallo {name}! Wie ist das Wetter in {city}?',
        text: 'Hallo Piet! Wie ist das Wetter in Utrecht?',
        missing: [],
      }),
    ]);

    // inserted into the reply box, edited there, sent as the partner through the chat's path
    const edited = `${panel.replies[0].text} Ich war letzte Woche dort.`;
    await t
      .http()
      .post(`/api/staff/inbox/${conversation}/reply`)
      .set('Cookie', operator.cookie)
      .set('X-Request-Type', 'client')
      .set('Idempotency-Key', randomUUID())
      .send({ text: edited })
      .expect(201);
    const [live] = await tab.waitFor<{ message: ChatMessage }>('message:new');
    expect(live.message).toMatchObject({ text: edited, sender: partnerId });
    const chat = await get(t, member, `/api/chat.php?conversation=${conversation}`).expect(200);
    expect(chat.body.profile.fictional).toBe(true);

    // a member without a city: the reply says what it could not fill
    const nowhere = await writtenPartner({ language: 'de' });
    await as(admin)
      .post(`/api/staff/partners/${nowhere.partnerId}/canned-replies`, {
        language: 'de',
        title: 'Ort',
        body: 'Grüße nach {city}, {name}',
      })
      .expect(201);
    const without = (
      await as(operator).get(`/api/staff/inbox/${nowhere.conversation}/persona`).expect(200)
    ).body.replies[0];
    expect(without).toMatchObject({ text: 'Grüße nach , Piet', missing: ['city'] });
  });

  it('refuses a canned reply with an unknown placeholder in the staff member’s language, and audits every change', async () => {
    const { partnerId } = await writtenPartner();
    const refused = await as(operator)
      .post(`/api/staff/partners/${partnerId}/canned-replies`, {
        language: 'nl',
        title: 'Leeftijd',
        body: 'Hoi {name}, ben je echt {leeftijd}?',
      })
      .set('Accept-Language', 'nl')
      .expect(400);
    expect(refused.body).toMatchObject({
      error: 'canned_reply_placeholder_unknown',
      field: 'body',
    });
    expect(refused.body.message).toContain('leeftijd');
    const english = await as(operator)
      .post(`/api/staff/partners/${partnerId}/canned-replies`, {
        language: 'en',
        title: 'Hi {naam}',
        body: 'Hi {name}',
      })
      .set('Cookie', `${operator.cookie}; lang=en`)
      .set('Accept-Language', 'en')
      .expect(400);
    expect(english.body).toMatchObject({ field: 'title' });
    expect(english.body.message).toMatch(/^Unknown placeholder/);
    // a language the contract does not know, an empty text
    await as(operator)
      .post(`/api/staff/partners/${partnerId}/canned-replies`, {
        language: 'xx',
        title: 'a',
        body: 'b',
      })
      .expect(400);
    expect(await t.prisma.cannedReply.count({ where: { profileId: partnerId } })).toBe(0);

    const made = (
      await as(operator)
        .post(`/api/staff/partners/${partnerId}/canned-replies`, {
          language: 'nl',
          title: 'Groet',
          body: 'Hoi {name}',
        })
        .expect(201)
    ).body.reply;
    await as(operator)
      .put(`/api/staff/canned-replies/${made.id}`, {
        language: 'nl',
        title: 'Groet',
        body: 'Hoi {name} uit {plaats}',
      })
      .expect(400);
    await as(operator)
      .put(`/api/staff/canned-replies/${made.id}`, {
        language: 'nl',
        title: 'Groet',
        body: 'Hoi {name} uit {city}',
      })
      .expect(200);
    const listed = (await as(operator).get(`/api/staff/partners/${partnerId}/canned-replies`)).body
      .replies;
    expect(listed).toEqual([
      {
        id: made.id,
        partner_id: partnerId,
        language: 'nl',
        title: 'Groet',
        body: 'Hoi {name} uit {city}',
      },
    ]);
    await as(moderator).delete(`/api/staff/canned-replies/${made.id}`).expect(403);
    expect(
      (await as(operator).delete(`/api/staff/canned-replies/${made.id}`).expect(200)).body,
    ).toEqual({ replies: [] });
    await as(operator).delete(`/api/staff/canned-replies/${made.id}`).expect(404);

    const rows = await t.prisma.staffAuditEntry.findMany({
      where: { subjectType: 'canned_reply', subjectId: String(made.id) },
      orderBy: { id: 'asc' },
    });
    expect(rows.map((row) => [row.action, row.actorId])).toEqual([
      ['canned_reply.created', operator.account.id],
      ['canned_reply.updated', operator.account.id],
      ['canned_reply.deleted', operator.account.id],
    ]);
    expect(rows[1].before).toMatchObject({ body: 'Hoi {name}' });
    expect(rows[1].after).toMatchObject({ body: 'Hoi {name} uit {city}' });
  });

  it('erases the notes with the member, and keeps the staff’s sheets and replies without their author', async () => {
    const { conversation, member, partnerId } = await writtenPartner();
    const writer = await staffer(['operator']);
    await as(writer)
      .post(`/api/staff/inbox/${conversation}/notes`, { body: 'Over zijn moeder' })
      .expect(201);
    await as(writer)
      .post(`/api/staff/partners/${partnerId}/persona/facts`, { body: 'Woont in Ede' })
      .expect(201);
    await as(writer)
      .post(`/api/staff/partners/${partnerId}/canned-replies`, {
        language: 'nl',
        title: 'Dag',
        body: 'Dag {name}',
      })
      .expect(201);

    const deletion = t.app.get(DeletionService);
    expect(await deletion.eraseNow(member.user.id, async () => {})).toBe('purged');
    expect(await t.prisma.conversationNote.count({ where: { memberId: member.user.id } })).toBe(0);
    // the audit row about the note keeps that it happened, not what it said
    const noteRow = (await audit('conversation.note_added')).find(
      (row) => row.targetUserId === member.user.id,
    );
    expect(noteRow?.after).toBeNull();

    // the staff member erased: the facts and replies stay for the others, without an author
    await t.prisma.user.update({ where: { id: writer.account.id }, data: { roles: [] } });
    expect(await deletion.eraseNow(writer.account.id, async () => {})).toBe('purged');
    const fact = await t.prisma.personaFact.findFirstOrThrow({
      where: { profileId: partnerId, body: 'Woont in Ede' },
    });
    expect(fact.authorId).toBeNull();
    const reply = await t.prisma.cannedReply.findFirstOrThrow({ where: { profileId: partnerId } });
    expect(reply.createdById).toBeNull();
  });
});
