import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@app/contract';
import type { TestApp } from './test-app';
import { loggedInMember } from './accounts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Makes the app listen on a free port (once) and returns its base URL. */
export async function listening(t: TestApp): Promise<string> {
  const server = t.app.getHttpServer();
  if (!server.listening) await t.app.listen(0, '127.0.0.1');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Everything a socket received, by event, in order. */
export interface Received {
  socket: ClientSocket;
  events: { name: string; args: unknown[] }[];
  of: <T = unknown>(name: string) => T[];
  /** Resolves when `count` events of `name` arrived (rejects after `ms`). */
  waitFor: <T = unknown>(name: string, count?: number, ms?: number) => Promise<T[]>;
  close: () => void;
}

/** A real socket.io client of a member (their session cookie), connected before it resolves. */
export async function connect(
  base: string,
  cookie: string | null,
  options: { reconnection?: boolean; namespace?: string } = {},
): Promise<Received> {
  const socket: ClientSocket = io(`${base}${options.namespace ?? ''}`, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    extraHeaders: cookie ? { cookie } : {},
    reconnection: options.reconnection ?? false,
    forceNew: true,
  });
  const events: Received['events'] = [];
  socket.onAny((name: string, ...args: unknown[]) => events.push({ name, args }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  const of = <T>(name: string) => events.filter((e) => e.name === name).map((e) => e.args[0] as T);
  return {
    socket,
    events,
    of,
    waitFor: async <T>(name: string, count = 1, ms = 5000) => {
      const until = Date.now() + ms;
      while (of(name).length < count) {
        if (Date.now() > until) {
          throw new Error(`waited ${ms} ms for ${count} ${name}, got ${of(name).length}`);
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      return of<T>(name);
    },
    close: () => socket.disconnect(),
  };
}

/**
 * Waits until `check` holds (polling), failing after `ms`: generous, so that a machine busy with
 * other work only makes a test slower, never makes it fail.
 */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 30_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Resolves once the app process(es) at `bases` handled every session that ended before the call:
 * a probe session ended after them has its sockets cut, and ended sessions reach each process in
 * commit order. A socket still connected after it was not cut by any of them.
 */
export async function endedSessionsHandled(t: TestApp, ...bases: string[]): Promise<void> {
  const { cookie } = await loggedInMember(t);
  const probes = await Promise.all(bases.map((base) => connect(base, cookie)));
  await t.http().get('/api/logout.php').set('Cookie', cookie).set('X-Request-Type', 'client');
  await eventually(() => probes.every((probe) => !probe.socket.connected));
}

/** Every frame a server wrote to a raw connection, as text, in order. */
export interface RawSocket {
  frames: string[];
  /** Resolves once a frame matching `match` arrived (rejects after `ms`). */
  until: (match: (frame: string) => boolean, ms?: number) => Promise<string>;
  /** Writes a frame as it is (e.g. a second namespace CONNECT). */
  send: (frame: string) => void;
  close: () => void;
}

/**
 * A connection that speaks engine.io 4 / socket.io 5 itself (WebSocket only), as an attacker's
 * script would: it sends the namespace CONNECT with the given `auth` payload (e.g. another
 * socket's `{ pid, offset }` for connection state recovery), answers pings, and keeps every
 * frame the server writes, including those a socket.io client would buffer and never show.
 */
export function rawSocket(base: string, cookie: string | null, auth: object): Promise<RawSocket> {
  const url = `${base.replace(/^http/, 'ws')}${SOCKET_PATH}/?EIO=4&transport=websocket`;
  const ws = new WebSocket(url, { headers: cookie ? { cookie } : {} });
  const frames: string[] = [];
  ws.on('message', (data: Buffer) => {
    const frame = data.toString();
    frames.push(frame);
    if (frame === '2') ws.send('3');
    if (frame.startsWith('0{')) ws.send(`40${JSON.stringify(auth)}`);
  });
  const until: RawSocket['until'] = async (match, ms = 5000) => {
    const end = Date.now() + ms;
    for (;;) {
      const found = frames.find(match);
      if (found !== undefined) return found;
      if (Date.now() > end) throw new Error(`no such frame in ${JSON.stringify(frames)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () =>
      resolve({ frames, until, send: (frame) => ws.send(frame), close: () => ws.close() }),
    );
    ws.once('error', reject);
  });
}
