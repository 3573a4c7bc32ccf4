/**
 * The journeys' seeding service: one long-lived process with one Prisma client that makes
 * members (or staff accounts) in the Playwright site's database with the shared seed library
 * (prisma/seed/member.ts). `POST /members` with SeedMemberOptions as JSON answers
 * { email, password, userId, profileId }; `POST /traffic` writes traffic report rows
 * (prisma/seed/traffic.ts); `POST /conversation-waited` { conversationId, since } makes a
 * conversation one that has waited for a chat partner's reply since then (the operators' "next
 * conversation" journey: older than the demo's). Playwright starts it beside the site
 * (playwright.config.ts); tests/e2e/seed.ts calls it. A process per member (tsx, the client,
 * a connection: about 2 s of CPU each) blocked the journeys' workers and starved the browsers.
 */
import '../../scripts/load-env.mjs';
import { PrismaPg } from '@prisma/adapter-pg';
import { createServer } from 'node:http';
import { PrismaClient } from '../../server/src/generated/prisma/client.ts';
import { seedMember, type SeedMemberOptions } from '../../prisma/seed/member.ts';
import { seedTrafficDays } from '../../prisma/seed/traffic.ts';
import { e2eDatabaseUrl, seedServicePort } from './seed-config.js';

const prisma = new PrismaClient({
  adapter: new PrismaPg({ connectionString: e2eDatabaseUrl() }),
});

async function readJson(request: import('node:http').IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

const server = createServer((request, response) => {
  const answer = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (request.method === 'GET' && request.url === '/health') return answer(200, { ok: true });
  if (request.method === 'POST' && request.url === '/traffic') {
    readJson(request)
      .then((options) => seedTrafficDays(prisma, options as Parameters<typeof seedTrafficDays>[1]))
      .then((rows) => answer(200, { rows }))
      .catch((error: unknown) => answer(500, { error: String(error) }));
    return;
  }
  if (request.method === 'POST' && request.url === '/conversation-waited') {
    readJson(request)
      .then((body) => {
        const { conversationId, since } = body as { conversationId: number; since: string };
        return prisma.conversation.update({
          where: { id: conversationId },
          data: { awaitingReplySince: new Date(since) },
          select: { id: true },
        });
      })
      .then((row) => answer(200, row))
      .catch((error: unknown) => answer(500, { error: String(error) }));
    return;
  }
  if (request.method !== 'POST' || request.url !== '/members') return answer(404, {});
  readJson(request)
    .then((options) => seedMember(prisma, { passwordCost: 4, ...(options as SeedMemberOptions) }))
    .then((member) =>
      answer(200, {
        email: member.user.email,
        password: member.password,
        userId: member.user.id,
        profileId: member.profile.id,
      }),
    )
    .catch((error: unknown) => answer(500, { error: String(error) }));
});
server.listen(seedServicePort(), '127.0.0.1');

const stop = () => {
  server.close();
  void prisma.$disconnect().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
