/**
 * Baseline: a bare Node HTTP server answering a tiny JSON body. Run in its own process by
 * bench.ts (plain `node`, types stripped); prints `{"port":N}` once it listens.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const server = http.createServer((_req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end('{"ok":true}');
});
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
});
process.on('SIGTERM', () => process.exit(0));
