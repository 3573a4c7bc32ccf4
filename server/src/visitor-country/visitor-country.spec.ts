import express from 'express';
import request from 'supertest';
import { trustProxy } from '../config/env-values';
import { CountryDatabase } from './country-database';
import { VisitorCountry } from './visitor-country.service';

/** Real addresses, each checked in the shipped database (DB-IP Lite, 2026-06). */
const ADDRESSES = {
  NL: '145.97.0.1', // SURF
  DE: '193.99.144.80', // heise.de
  BE: '193.190.198.1', // Belnet
  US: '8.8.8.8',
  PL: '212.77.98.9', // wp.pl
};

describe('the country database', () => {
  const database = CountryDatabase.open();

  it.each(Object.entries(ADDRESSES))('places an address of %s there', (country, ip) => {
    expect(database.countryOf(ip)).toBe(country);
  });

  it('places IPv6 addresses and IPv4 addresses written as IPv6', () => {
    expect(database.countryOf('2001:610::1')).toBe('NL');
    expect(database.countryOf('2a00:1450:4001::1')).toBe('DE');
    expect(database.countryOf(`::ffff:${ADDRESSES.PL}`)).toBe('PL');
  });

  it.each([
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '10.1.2.3',
    '192.168.1.10',
    '100.64.0.1',
    'fe80::1',
    'fd00::1',
    'not an address',
    '',
  ])('knows no country for %j (private, loopback or no address)', (ip) => {
    expect(database.countryOf(ip)).toBeUndefined();
  });
});

/** An app behind TRUST_PROXY=`trust` that answers with the country of each request. */
function appTrusting(trust: string) {
  const app = express();
  app.set('trust proxy', trustProxy.parse(trust));
  const countries = new VisitorCountry();
  app.get('/', (req, res) => {
    // asked twice: looked up once
    const first = countries.of(req);
    res.json({ country: first ?? null, again: countries.of(req) === first });
  });
  return app;
}

async function countryOf(trust: string, headers: Record<string, string>) {
  let call = request(appTrusting(trust)).get('/');
  for (const [name, value] of Object.entries(headers)) call = call.set(name, value);
  const { body } = await call.expect(200);
  expect(body.again).toBe(true);
  return body.country as string | null;
}

describe("a request's country", () => {
  it.each(['false', '192.0.2.7', '10.0.0.0/8'])(
    'ignores the country header and X-Forwarded-For of a client that is no trusted proxy (TRUST_PROXY=%s)',
    async (trust) => {
      expect(await countryOf(trust, { 'CF-IPCountry': 'DE' })).toBeNull();
      expect(await countryOf(trust, { 'X-GeoIP-Country': 'US' })).toBeNull();
      expect(await countryOf(trust, { 'X-Forwarded-For': ADDRESSES.PL })).toBeNull();
    },
  );

  it.each(['1', 'loopback', '127.0.0.1'])(
    "believes a trusted proxy's country header (TRUST_PROXY=%s)",
    async (trust) => {
      expect(await countryOf(trust, { 'CF-IPCountry': 'de' })).toBe('DE');
      expect(await countryOf(trust, { 'X-GeoIP-Country': 'BE' })).toBe('BE');
    },
  );

  it.each(Object.entries(ADDRESSES))(
    'looks the client address a trusted proxy gives up in the database: %s',
    async (country, ip) => {
      expect(await countryOf('1', { 'X-Forwarded-For': ip })).toBe(country);
    },
  );

  it("looks the address up when a trusted proxy's header is a placeholder (XX unknown, T1 Tor)", async () => {
    const forwarded = { 'X-Forwarded-For': ADDRESSES.BE };
    expect(await countryOf('1', { ...forwarded, 'CF-IPCountry': 'XX' })).toBe('BE');
    expect(await countryOf('1', { ...forwarded, 'CF-IPCountry': 'T1' })).toBe('BE');
    expect(await countryOf('1', { ...forwarded, 'CF-IPCountry': 'nonsense' })).toBe('BE');
  });

  it('trusts only the hops TRUST_PROXY names: the address a client wrote before them is not the client', async () => {
    // one trusted hop: the right-most entry is the client the proxy saw
    expect(await countryOf('1', { 'X-Forwarded-For': `${ADDRESSES.US}, ${ADDRESSES.PL}` })).toBe(
      'PL',
    );
  });

  it('knows no country for a client on this machine or a private network', async () => {
    expect(await countryOf('false', {})).toBeNull();
    expect(await countryOf('1', { 'X-Forwarded-For': '192.168.1.20' })).toBeNull();
  });
});
