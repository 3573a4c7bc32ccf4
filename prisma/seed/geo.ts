/**
 * Countries, regions and cities from the `country-state-city` package; which of its
 * subdivisions become regions is decided per country in prisma/data/countries.ts.
 * Regions are upserted by (country_code, code); cities are inserted in bulk and skipped when
 * (region_id, name) exists, so a re-run changes nothing.
 */
import { City, Country, State } from 'country-state-city';
import type { PrismaClient } from '../../server/src/generated/prisma/client.ts';
import { COUNTRIES, keepsRegion, type CountryChoice } from '../data/countries.js';
import { LOCAL_CITY_NAMES, localCityName, localRegionName } from '../data/local-names.js';

/** Rows per INSERT statement; each statement sends five array parameters (unnest). */
const CITY_CHUNK = 10_000;

export interface GeoCounts {
  countries: number;
  /** Regions and cities per country code. */
  regions: Record<string, number>;
  cities: Record<string, number>;
}

function coordinate(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** The 15 supported countries: English name and currency from the package. */
export async function seedCountries(prisma: PrismaClient): Promise<number> {
  for (const [position, choice] of COUNTRIES.entries()) {
    const country = Country.getCountryByCode(choice.code);
    if (!country) throw new Error(`country-state-city has no country ${choice.code}`);
    const data = {
      name: country.name,
      currency: country.currency,
      regionLabel: choice.regionLabel,
      position,
    };
    await prisma.country.upsert({
      where: { code: choice.code },
      create: { code: choice.code, ...data },
      update: data,
    });
  }
  return COUNTRIES.length;
}

/** Kept subdivisions of one country, as the package lists them. */
function keptStates(choice: CountryChoice) {
  const states = State.getStatesOfCountry(choice.code).filter((s) =>
    keepsRegion(choice, s.isoCode),
  );
  if (states.length === 0) throw new Error(`no regions kept for ${choice.code}`);
  return states;
}

/**
 * Upserts the regions of every supported country (one statement) and returns their ids
 * by country code and region code.
 */
export async function seedRegions(prisma: PrismaClient): Promise<Map<string, Map<string, number>>> {
  const countryCodes: string[] = [];
  const codes: string[] = [];
  const names: string[] = [];
  const latitudes: (number | null)[] = [];
  const longitudes: (number | null)[] = [];
  for (const choice of COUNTRIES) {
    for (const state of keptStates(choice)) {
      countryCodes.push(choice.code);
      codes.push(state.isoCode);
      names.push(localRegionName(choice.code, state.isoCode, state.name));
      latitudes.push(coordinate(state.latitude));
      longitudes.push(coordinate(state.longitude));
    }
  }
  const rows = await prisma.$queryRawUnsafe<{ id: number; country_code: string; code: string }[]>(
    `INSERT INTO regions (country_code, code, name, latitude, longitude)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[])
     ON CONFLICT (country_code, code) DO UPDATE
       SET name = EXCLUDED.name, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude
     RETURNING id, country_code, code`,
    countryCodes,
    codes,
    names,
    latitudes,
    longitudes,
  );
  const ids = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const country = row.country_code.trim();
    if (!ids.has(country)) ids.set(country, new Map());
    ids.get(country)!.set(row.code, row.id);
  }
  return ids;
}

/**
 * Inserts the cities of every supported country under their kept region (or the kept region
 * containing their subdivision, see cityParents); cities under other subdivisions are skipped.
 * Returns the number of cities offered per country (inserted now or before).
 */
export async function seedCities(
  prisma: PrismaClient,
  regionIds: Map<string, Map<string, number>>,
): Promise<Record<string, number>> {
  const offered: Record<string, number> = {};
  const rows = {
    country: [] as string[],
    region: [] as number[],
    name: [] as string[],
    latitude: [] as number[],
    longitude: [] as number[],
  };
  for (const choice of COUNTRIES) {
    const regions = regionIds.get(choice.code) ?? new Map<string, number>();
    const seen = new Set<string>();
    for (const city of City.getCitiesOfCountry(choice.code) ?? []) {
      const stateCode = regions.has(city.stateCode)
        ? city.stateCode
        : choice.cityParents?.[city.stateCode];
      const regionId = stateCode === undefined ? undefined : regions.get(stateCode);
      const latitude = coordinate(city.latitude);
      const longitude = coordinate(city.longitude);
      if (regionId === undefined || latitude === null || longitude === null) continue;
      const name = localCityName(choice.code, city.name);
      const key = `${regionId}\u0000${name}`;
      if (seen.has(key)) continue; // the package repeats a few names within a subdivision
      seen.add(key);
      rows.country.push(choice.code);
      rows.region.push(regionId);
      rows.name.push(name);
      rows.latitude.push(latitude);
      rows.longitude.push(longitude);
    }
    offered[choice.code] = seen.size;
  }
  // databases seeded before a local name was added: rename in place, so a re-run adds no twin
  for (const [country, names] of Object.entries(LOCAL_CITY_NAMES)) {
    for (const [english, local] of Object.entries(names)) {
      await prisma.$executeRawUnsafe(
        `UPDATE cities SET name = $3 WHERE country_code = $1 AND name = $2`,
        country,
        english,
        local,
      );
    }
  }
  for (let start = 0; start < rows.name.length; start += CITY_CHUNK) {
    const end = start + CITY_CHUNK;
    await prisma.$executeRawUnsafe(
      `INSERT INTO cities (country_code, region_id, name, latitude, longitude)
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::float8[], $5::float8[])
       ON CONFLICT (region_id, name) DO NOTHING`,
      rows.country.slice(start, end),
      rows.region.slice(start, end),
      rows.name.slice(start, end),
      rows.latitude.slice(start, end),
      rows.longitude.slice(start, end),
    );
  }
  return offered;
}

/** Countries, then regions, then cities. */
export async function seedGeography(prisma: PrismaClient): Promise<GeoCounts> {
  const countries = await seedCountries(prisma);
  const regionIds = await seedRegions(prisma);
  const cities = await seedCities(prisma, regionIds);
  const regions = Object.fromEntries(
    COUNTRIES.map((c) => [c.code, regionIds.get(c.code)?.size ?? 0]),
  );
  return { countries, regions, cities };
}
