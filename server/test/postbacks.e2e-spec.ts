import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { WorkerModule } from '../src/worker.module';
import { QUEUES, WorkerRegistry } from '../src/queue';
import { SettlementService } from '../src/payments/settlement.service';
import type { ProviderPayment } from '../src/payments/providers/payment-provider';
import { PostbackOutbox } from '../src/traffic';
import { PostbackProcessor } from '../src/traffic/postback.processor';
import { signupBody } from './helpers/accounts';
import { freePort } from './helpers/ports';
import { eventually } from './helpers/sockets';
import { staffCookie } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A local stand-in for an affiliate network's postback endpoint (real HTTP). */
async function standInNetwork() {
  const calls: URL[] = [];
  const state = { failures: 0 };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://network.invalid');
    calls.push(url);
    if (state.failures > 0) {
      state.failures -= 1;
      res.writeHead(503).end('busy');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    calls,
    state,
    /** The calls of one event of one click id. */
    of: (click: string, event: string) =>
      calls.filter(
        (u) => u.searchParams.get('click') === click && u.searchParams.get('event') === event,
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Affiliate postbacks (issue 36, point 1): admins set a network's URL template (audited, checked);
 * the signup, activation and first purchase write the postback in their own transaction (the
 * outbox), and the postback queue's worker calls the network over real HTTP, retrying with the
 * same {event_id} until it answers 2xx; replays write no second conversion.
 */
describe('affiliate postbacks', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let network: Awaited<ReturnType<typeof standInNetwork>>;
  let admin: string;
  const NAME = `standin-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    network = await standInNetwork();
    // the stand-in listens on 127.0.0.1, which production refuses (public-request.spec.ts)
    t = await createTestApp({ POSTBACK_ALLOW_PRIVATE_ADDRESSES: 'true' });
    admin = await staffCookie(t, ['admin']);
    worker = await NestFactory.createApplicationContext(WorkerModule.forRoot(t.config), {
      logger: ['error'],
    });
    await worker.get(WorkerRegistry).start(QUEUES.postback);
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
    await network.close();
  });

  const setNetwork = (body: object, id?: number) =>
    (id
      ? t.http().put(`/api/staff/traffic/networks/${id}`)
      : t.http().post('/api/staff/traffic/networks')
    )
      .set('Cookie', admin)
      .set('X-Request-Type', 'client')
      .set('Accept-Language', 'nl')
      .send(body);
  const postback = (userId: number, event: string) =>
    t.prisma.postback.findUnique({ where: { userId_event: { userId, event } } });
  const trackedMember = async (click: string) =>
    t.prisma.user.create({
      data: {
        email: `postback-${randomUUID()}@example.test`,
        status: 'not_confirmed',
        tracking: { create: { network: NAME, sub1: click } },
      },
    });

  it('refuses a postback URL that is not http(s), names its host by a macro or with credentials, or has an unknown macro', async () => {
    for (const url of [
      'ftp://network.example/pb',
      'javascript:alert(1)',
      'http://{sub1}/pb',
      'http://user:secret@network.example/pb',
      'https://network.example/pb?x={email}',
      'not a url',
    ]) {
      const res = await setNetwork({ network: NAME, postback_url: url });
      expect([url, res.status, res.body.error]).toEqual([url, 400, 'validation_failed']);
    }
    expect(await t.prisma.affiliateNetwork.count()).toBe(0);
  });

  it("lets an admin set and change a network's postback, each change with its audit row", async () => {
    const created = await setNetwork({
      network: NAME,
      postback_url: `${network.base}/old`,
      click_id_param: 'sub1',
    }).expect(201);
    const id = created.body.network.id as number;
    await setNetwork(
      {
        network: NAME,
        postback_url: `${network.base}/pb?click={click_id}&event={event}&id={event_id}&amount={amount}&cur={currency}&s2={sub2}`,
        click_id_param: 'sub1',
      },
      id,
    ).expect(200);
    const audit = await t.prisma.staffAuditEntry.findMany({
      where: { subjectType: 'affiliate_network', subjectId: String(id) },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((row) => row.action)).toEqual([
      'affiliate_network.created',
      'affiliate_network.updated',
    ]);
    const moderator = await staffCookie(t, ['moderator']);
    await t
      .http()
      .post('/api/staff/traffic/networks')
      .set('Cookie', moderator)
      .set('X-Request-Type', 'client')
      .send({ network: 'x', postback_url: 'https://x.example/' })
      .expect(403);
  });

  it('tells the network of a signup over HTTP with its click id and an event id, once', async () => {
    const res = await t
      .http()
      .post('/api/signup.php')
      .set('X-Request-Type', 'client')
      .send(signupBody({ network: NAME, sub1: 'click-signup', sub2: 'a&b=c' }))
      .expect(201);
    const userId = res.body.user.id as number;
    await eventually(async () => (await postback(userId, 'signup'))?.status === 'sent');
    const row = (await postback(userId, 'signup'))!;
    expect(row).toMatchObject({ attempts: 1, lastStatusCode: 200, network: NAME });
    const calls = network.of('click-signup', 'signup');
    expect(calls).toHaveLength(1);
    expect(calls[0].pathname).toBe('/pb');
    expect(calls[0].searchParams.get('id')).toBe(row.eventId);
    // a value is one parameter's value, whatever it holds
    expect(calls[0].searchParams.get('s2')).toBe('a&b=c');
    expect(calls[0].searchParams.get('amount')).toBe('');
  });

  it('retries a failing network with the same event id until it answers, and logs the attempts', async () => {
    const member = await trackedMember('click-retry');
    network.state.failures = 2;
    const outbox = t.app.get(PostbackOutbox);
    const ids = await t.prisma.$transaction((tx) => outbox.write(tx, member.id, 'activation'));
    await outbox.dispatch(ids);
    await eventually(async () => (await postback(member.id, 'activation'))?.status === 'sent');
    const calls = network.of('click-retry', 'activation');
    expect(calls).toHaveLength(3);
    const row = (await postback(member.id, 'activation'))!;
    expect(new Set(calls.map((u) => u.searchParams.get('id')))).toEqual(new Set([row.eventId]));
    // the last answer counts: the 503s are in the attempts, the error is cleared once sent
    expect(row).toMatchObject({ attempts: 3, lastStatusCode: 200, lastError: null });
    const log = await t
      .http()
      .get('/api/staff/traffic/postbacks')
      .query({ network: NAME, status: 'sent' })
      .set('Cookie', admin)
      .expect(200);
    expect(log.body.postbacks).toContainEqual(
      expect.objectContaining({
        member_id: member.id,
        event: 'activation',
        status: 'sent',
        attempts: 3,
        last_status_code: 200,
      }),
    );
  });

  it('writes one first purchase however often the provider reports the payment paid, with its amount', async () => {
    const member = await trackedMember('click-buy');
    const payment = await t.prisma.payment.create({
      data: {
        paymentId: `pb-${randomUUID()}`,
        userId: member.id,
        method: 'ideal',
        credits: 100,
        amountCents: 1250,
        provider: 'sandbox',
        providerRef: `ref-${randomUUID()}`,
        idempotencyKey: randomUUID(),
        status: 'pending',
      },
    });
    const paid: ProviderPayment = {
      ref: payment.providerRef!,
      status: 'paid',
      amountCents: 1250,
      currency: 'EUR',
      method: 'ideal',
      bank: null,
      payerCountry: null,
      instrument: null,
      checkoutUrl: null,
      customerRef: null,
      mandateRef: null,
      reversals: [],
    } as ProviderPayment;
    const settlement = t.app.get(SettlementService);
    await Promise.all([settlement.apply(payment.id, paid), settlement.apply(payment.id, paid)]);
    await settlement.apply(payment.id, paid);
    await eventually(async () => (await postback(member.id, 'first_purchase'))?.status === 'sent');
    expect(await t.prisma.postback.count({ where: { userId: member.id } })).toBe(1);
    const calls = network.of('click-buy', 'first_purchase');
    expect(calls).toHaveLength(1);
    expect(calls[0].searchParams.get('amount')).toBe('12.50');
    expect(calls[0].searchParams.get('cur')).toBe('EUR');
    // a second paid payment is no first purchase
    const ids = await t.prisma.$transaction((tx) =>
      t.app.get(PostbackOutbox).write(tx, member.id, 'first_purchase', {
        amountCents: 500,
        currency: 'EUR',
        paymentId: payment.id + 1_000_000,
      }),
    );
    expect(ids).toEqual([]);
  });

  it("sends a postback no request could queue through the worker's relay", async () => {
    const member = await trackedMember('click-relay');
    const ids = await t.prisma.$transaction((tx) =>
      t.app.get(PostbackOutbox).write(tx, member.id, 'signup'),
    );
    expect(ids).toHaveLength(1);
    // never dispatched (Redis was down when it was written), and older than a request's dispatch
    await t.prisma.postback.update({
      where: { id: ids[0] },
      data: { createdAt: new Date(Date.now() - 60_000) },
    });
    await worker.get(PostbackProcessor).relayOnce();
    await eventually(async () => (await postback(member.id, 'signup'))?.status === 'sent');
    expect(network.of('click-relay', 'signup')).toHaveLength(1);
  });

  it('writes no postback for a member from a network without one, or for an event it does not hear of', async () => {
    const other = await t.prisma.user.create({
      data: {
        email: `postback-${randomUUID()}@example.test`,
        tracking: { create: { network: 'unknown-network', sub1: 'x' } },
      },
    });
    const outbox = t.app.get(PostbackOutbox);
    expect(await t.prisma.$transaction((tx) => outbox.write(tx, other.id, 'signup'))).toEqual([]);
    const id = (await t.prisma.affiliateNetwork.findUniqueOrThrow({ where: { network: NAME } })).id;
    await setNetwork(
      {
        network: NAME,
        postback_url: `${network.base}/pb?click={click_id}&event={event}`,
        events: ['signup'],
      },
      id,
    ).expect(200);
    const member = await trackedMember('click-none');
    expect(await t.prisma.$transaction((tx) => outbox.write(tx, member.id, 'activation'))).toEqual(
      [],
    );
  });
});
