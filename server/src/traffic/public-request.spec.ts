import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getStatus, isPublicAddress, PrivateAddressError } from './public-request';

describe('calls to the outside (affiliate postbacks)', () => {
  let server: Server;
  let port: number;
  let calls = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      calls += 1;
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const options = (allowPrivate: boolean) => ({
    timeoutMs: 5_000,
    allowPrivate,
    headers: { 'User-Agent': 'test' },
  });

  it('tells public addresses from loopback, private, link-local and reserved ones', () => {
    for (const address of ['93.184.216.34', '2a00:1450:4001:80b::200e', '8.8.8.8']) {
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
    }
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::ffff:127.0.0.1',
      'fd00::1',
      'fe80::1',
      'not an address',
    ]) {
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    }
  });

  it('refuses a loopback address, written as an address or as a name, before any request is made', async () => {
    const before = calls;
    await expect(getStatus(new URL(`http://127.0.0.1:${port}/pb`), options(false))).rejects.toThrow(
      PrivateAddressError,
    );
    await expect(getStatus(new URL(`http://localhost:${port}/pb`), options(false))).rejects.toThrow(
      PrivateAddressError,
    );
    await expect(getStatus(new URL(`http://[::1]:${port}/pb`), options(false))).rejects.toThrow(
      PrivateAddressError,
    );
    expect(calls).toBe(before);
  });

  it('reaches a local address only where it is allowed, answering with the status', async () => {
    const before = calls;
    await expect(getStatus(new URL(`http://127.0.0.1:${port}/pb`), options(true))).resolves.toBe(
      204,
    );
    expect(calls).toBe(before + 1);
  });
});
