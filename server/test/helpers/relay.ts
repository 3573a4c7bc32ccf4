import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP relay the test controls, between the app and a server (PostgreSQL, Redis): it forwards
 * until `blackHole()`, then keeps every connection open, old and new, and drops whatever either
 * side sends (a network partition: no reset, no close, just silence), until `restore()`.
 */
export async function startRelay(targetPort: number, targetHost = '127.0.0.1') {
  let forwarding = true;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    const upstream = connect(targetPort, targetHost);
    track(client);
    track(upstream);
    client.on('data', (data) => forwarding && upstream.write(data));
    upstream.on('data', (data) => forwarding && client.write(data));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    /** Connections that carried data at some point and were never closed by the relay. */
    get connections() {
      return sockets.size / 2;
    },
    blackHole: () => {
      forwarding = false;
    },
    restore: () => {
      forwarding = true;
    },
    close: async () => {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Relay = Awaited<ReturnType<typeof startRelay>>;
