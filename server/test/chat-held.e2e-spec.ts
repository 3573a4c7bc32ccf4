import type { ChatMessage } from '@app/contract';
import { createMailTestApp, sessionCookie, type MailTestApp } from './helpers/mail-app';
import { linkIn } from './helpers/smtp';
import { signupBody } from './helpers/accounts';
import { chatMember, get, sendText } from './helpers/chat';
import { connect, listening, type Received } from './helpers/sockets';

type New = { message: ChatMessage };

describe('chat: a member whose e-mail is not confirmed writes, but is delivered only after activation', () => {
  let t: MailTestApp;
  let base: string;
  const sockets: Received[] = [];
  beforeAll(async () => {
    t = await createMailTestApp();
    base = await listening(t);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  it('holds the messages (paid, shown to the writer only) until the real activation link delivers them', async () => {
    const body = signupBody();
    const signup = await t.post('/api/signup.php', body).expect(201);
    const writer = { cookie: sessionCookie(signup), email: body.email };
    const writerId = signup.body.user.id as number;
    await t.prisma.user.update({ where: { id: writerId }, data: { credits: 100 } });
    const recipient = await chatMember(t);
    const writerTab = await connect(base, writer.cookie);
    const recipientTab = await connect(base, recipient.cookie);
    sockets.push(writerTab, recipientTab);

    const first = await sendText(t, writer, { member: recipient.profile.id }, 'Eerste').expect(201);
    const conversation = first.body.message.conversation_id as number;
    const second = await sendText(t, writer, { conversation }, 'Tweede').expect(201);
    expect(first.body.message).toMatchObject({ status: 'held', mine: true, credits: 10 });
    expect(second.body.credits).toBe(80);

    // the writer's other tabs and pages show them, held; the chat says so
    await writerTab.waitFor('message:new', 2);
    expect(writerTab.of<New>('message:new').map((e) => e.message.status)).toEqual(['held', 'held']);
    const page = await get(t, writer, `/api/chat.php?conversation=${conversation}`).expect(200);
    expect(page.body.held).toBe(true);
    expect(page.body.messages.map((m: ChatMessage) => m.status)).toEqual(['held', 'held']);
    const own = await get(t, writer, '/api/messages.php?since=0').expect(200);
    expect(own.body.messages.map((m: ChatMessage) => m.text)).toEqual(['Eerste', 'Tweede']);

    // the recipient has nothing yet: no event (it would have come before a later like's), no
    // list entry, no catch-up
    const liker = await chatMember(t);
    await t.post('/api/like.php', { member: recipient.profile.id }, liker.cookie).expect(200);
    await recipientTab.waitFor('likes:changed');
    expect(recipientTab.of('message:new')).toEqual([]);
    expect((await get(t, recipient, '/api/chats.php').expect(200)).body.chats).toEqual([]);
    expect((await get(t, recipient, '/api/messages.php?since=0')).body.messages).toEqual([]);
    // nor has the writer written to them as far as privacy mode goes
    const writerSide = () =>
      t.prisma.conversationParticipant.findUniqueOrThrow({
        where: { conversationId_userId: { conversationId: conversation, userId: writerId } },
        select: { wroteAt: true },
      });
    expect((await writerSide()).wroteAt).toBeNull();

    // the activation mail's link, as the member follows it
    const mail = await t.smtp.waitFor(body.email);
    const link = linkIn(mail.raw).replace('http://site.test', '');
    expect((await t.http().get(link).expect(302)).headers.location).toBe('/activate/done');

    const delivered = await recipientTab.waitFor<New>('message:new', 2);
    expect(delivered.map((e) => e.message.text)).toEqual(['Eerste', 'Tweede']);
    expect(delivered.map((e) => e.message.status)).toEqual(['sent', 'sent']);
    // released with new seqs, above the ones they were held with
    expect(delivered[0].message.seq).toBeGreaterThan(second.body.message.seq);
    expect(delivered[1].message.seq).toBeGreaterThan(delivered[0].message.seq);
    const list = (await get(t, recipient, '/api/chats.php').expect(200)).body;
    expect(list.chats).toHaveLength(1);
    expect(list.chats[0]).toMatchObject({
      conversation: { id: conversation },
      num_unread_messages: 2,
      profile: { id: signup.body.user.profile.id },
    });
    // the writer's tabs get them again, sent now (the client keeps one per id)
    const again = await writerTab.waitFor<New>('message:new', 4);
    expect(again.slice(2).map((e) => [e.message.id, e.message.status])).toEqual([
      [first.body.message.id, 'sent'],
      [second.body.message.id, 'sent'],
    ]);
    // now the writer has written to them: a privacy-mode writer's photos open to the recipient
    expect((await writerSide()).wroteAt).toBeInstanceOf(Date);
    const after = await get(t, writer, `/api/chat.php?conversation=${conversation}`).expect(200);
    expect(after.body.held).toBe(false);
    // paid once: the release charged nothing
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: writerId } });
    expect(user.credits).toBe(80);
  });
});
