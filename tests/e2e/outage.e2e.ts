/**
 * A member's browser loses its connection while the other member writes to them, on a site of
 * two app processes (tests/e2e/serve.mjs starts the second on the next port): the sender writes
 * through the first process, the recipient's browser reaches the second through a TCP proxy
 * this test cuts (Playwright's offline mode leaves WebSockets open). When the line is back, the
 * conversation shows every message once, in order, by the client's catch-up from the highest
 * seq it holds: the server has no connection state recovery (security review 2026-11-25, H1),
 * so nothing of the dropped socket is kept in Redis for anyone to restore.
 */
import { expect, test } from '@playwright/test';
import net, { type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { loggedInApi, loggedInPage, sendText } from './members.js';
import { seedE2eMember } from './seed.js';

// as a member's browser is: the app installed, its service worker running (blocked elsewhere)
test.use({ serviceWorkers: 'allow' });

const port = Number(process.env.E2E_PORT ?? 3100);
const first = `http://localhost:${port}`;
const secondPort = port + 1;

/** The site's Redis database (as serve.mjs chooses it). */
function siteRedis(): Redis {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  url.pathname = `/${process.env.E2E_REDIS_DB ?? '14'}`;
  return new Redis(url.toString());
}

/** A TCP proxy to the second app process that the test can cut and restore on the same port. */
class Line {
  private server: net.Server | null = null;
  private readonly open = new Set<net.Socket>();
  port = 0;

  async up(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(secondPort, '127.0.0.1');
      const drop = () => {
        client.destroy();
        upstream.destroy();
        this.open.delete(client);
        this.open.delete(upstream);
      };
      this.open.add(client);
      this.open.add(upstream);
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, () => resolve()));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Every connection dropped, and no new one accepted until up() again. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
    for (const socket of this.open) socket.destroy();
    this.open.clear();
    await closed;
  }
}

test('a conversation open through a line that is cut during 20 messages shows all of them once, in order, when the line is back', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const line = new Line();
  await line.up();
  const redis = siteRedis();
  const anna = await seedE2eMember({ name: 'Anna', credits: 500, paidUser: true });
  const bram = await seedE2eMember({ name: 'Bram', paidUser: true });
  try {
    // Anna writes through the first process; Bram's browser reaches the second through the line
    const annaApi = await loggedInApi(first, anna);
    const conversation = (await sendText(annaApi, { member: bram.profileId }, 'Hoi Bram!'))
      .conversation_id;

    const { context, page } = await loggedInPage(browser, bram, {
      baseURL: `http://localhost:${line.port}`,
      viewport: { width: 1280, height: 900 },
    });
    const catchUps: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/messages\.php\?since=/.test(req.url())) catchUps.push(req.url());
    });
    // the page's socket.io connection acknowledged (packet 40): live events reach it from then on
    const socketUp = page.waitForEvent('websocket').then((ws) =>
      ws.waitForEvent('framereceived', {
        predicate: (frame) => /^40/.test(String(frame.payload)),
      }),
    );
    await page.goto(`/chats/${conversation}`);
    const messages = page.getByTestId('message-area').getByTestId('message');
    await expect(messages).toHaveCount(1);
    // live first: the socket is up
    await socketUp;
    await sendText(annaApi, { conversation }, 'Ben je er?');
    await expect(messages).toHaveCount(2);

    await line.cut();
    const texts = Array.from({ length: 20 }, (_, i) => `bericht ${i + 1}`);
    for (const text of texts) await sendText(annaApi, { conversation }, text);
    await line.up();

    await expect(messages).toHaveCount(22, { timeout: 30_000 });
    await expect(messages).toContainText(['Hoi Bram!', 'Ben je er?', ...texts]);
    // they came back by the catch-up, and the server kept no socket state to restore
    expect(catchUps.length).toBeGreaterThan(0);
    expect(await redis.keys('sio:session:*')).toEqual([]);
    // and live again afterwards, once
    await sendText(annaApi, { conversation }, 'Fijn dat je er weer bent');
    await expect(messages).toHaveCount(23);
    await expect(messages.last()).toContainText('Fijn dat je er weer bent');
    await context.close();
    await annaApi.dispose();
  } finally {
    await line.cut();
    redis.disconnect();
  }
});

test('a message sent after a conversation loaded but before its socket first connected appears once the socket connects', async ({
  browser,
}) => {
  const anna = await seedE2eMember({ name: 'Anna', credits: 500, paidUser: true });
  const bram = await seedE2eMember({ name: 'Bram', paidUser: true });
  const annaApi = await loggedInApi(first, anna);
  const conversation = (await sendText(annaApi, { member: bram.profileId }, 'Hoi Bram!'))
    .conversation_id;
  const { context, page } = await loggedInPage(browser, bram, {
    baseURL: first,
    viewport: { width: 1280, height: 900 },
  });
  try {
    // the page's socket waits at the door until the test lets it through
    let letThrough!: () => void;
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    let knock!: () => void;
    const knocked = new Promise<void>((resolve) => (knock = resolve));
    // installed before the page loads (not left running beside goto: the socket could pass first)
    await page.routeWebSocket(/\/socket\.io\//, async (ws) => {
      knock();
      await held;
      ws.connectToServer();
    });
    await page.goto(`/chats/${conversation}`);
    const messages = page.getByTestId('message-area').getByTestId('message');
    await expect(messages).toHaveCount(1);
    await knocked;
    // written while the page holds the conversation and its socket is not in its rooms yet
    await sendText(annaApi, { conversation }, 'Ben je er?');
    letThrough();
    // read again on the first connect: the socket has joined its rooms by then
    await expect(messages).toHaveCount(2);
    await expect(messages).toContainText(['Hoi Bram!', 'Ben je er?']);
    // and live from then on, once
    await sendText(annaApi, { conversation }, 'Mooi zo');
    await expect(messages).toHaveCount(3);
    await expect(messages.last()).toContainText('Mooi zo');
  } finally {
    await context.close();
    await annaApi.dispose();
  }
});
