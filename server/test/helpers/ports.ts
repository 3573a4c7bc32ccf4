import { createServer } from 'node:net';

/**
 * A free port on the loopback interface, below the kernel's ephemeral range (32768-60999): a
 * port the kernel hands out for `listen(0)` can be the local port of another test worker's
 * outgoing connection a moment later, and the app's own listen then fails (seen in CI: the same
 * port five times). A random one of 20000-32767, checked free.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_768);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
