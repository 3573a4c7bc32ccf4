/**
 * Baseline of the reconnect-storm rows: the app's realtime server as it was before the security
 * review of 2026-11-25 (H1), with socket.io's connection state recovery on (2 minutes, the
 * middleware run again on a recovery), on the same Redis streams adapter and the same Redis
 * database as the app, so the app's `message:new` broadcasts reach these sockets and a
 * recovered socket is replayed what it missed from the stream. The handshake is the app's
 * session lookup reduced to one prepared statement (common.ts); every socket joins the member's
 * room `m:<user id>` and is sent one event, so its client holds an offset to recover from.
 *
 * This is what the removed recovery would cost at best (no HTTP catch-up at all), measured to
 * put the app's catch-up beside it; it is not, and must never become, how the site runs.
 * Own process; prints `{"port":N}`. Env: DATABASE_URL, REDIS_URL.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { viewerId } from './common.ts';

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
  maxRetriesPerRequest: null,
});
const server = http.createServer((_req, res) => {
  res.writeHead(404).end();
});
const io = new Server(server, {
  path: '/socket.io',
  transports: ['websocket'],
  serveClient: false,
  adapter: createAdapter(redis, { maxLen: 100_000 }),
  connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
});
io.use((socket, next) => {
  viewerId(socket.request.headers.cookie).then(
    (userId) => {
      if (userId === null) return next(new Error('authentication_required'));
      (socket.data as { userId?: number }).userId = userId;
      next();
    },
    (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
  );
});
io.on('connection', (socket) => {
  if (socket.recovered) return;
  void socket.join(`m:${(socket.data as { userId: number }).userId}`);
  socket.emit('ready' as never);
});
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});
process.on('SIGTERM', () => {
  void io.close();
  redis.disconnect();
  process.exit(0);
});
