/**
 * The 15 supported countries (SPEC point 1) and, per country, which subdivisions of the
 * `country-state-city` package become our regions. Names, currencies, regions and cities
 * themselves come from the package (see prisma/seed/geo.ts); only the choices live here.
 *
 * The package mixes levels for several countries (e.g. France lists its 13 regions AND its
 * ~100 departments) and has no `type` field in version 3.2.1, so each country names the level
 * it keeps by code pattern or list. The level is the one the package attaches its cities to,
 * so that every kept region has its cities; `cityParents` moves the cities the package attached
 * to a dropped subdivision onto the kept subdivision that contains it. Cities under any other
 * dropped subdivision are skipped. Counts are for country-state-city 3.2.1.
 *
 *   NL  12 provinces: the two-letter codes (drops BQ1-BQ3, the Caribbean special municipalities).
 *   BE   3 regions (Brussels, Flanders, Wallonia): the package lists the 10 provinces too, but
 *        attaches every city to a region, and a city's province cannot be derived from the data.
 *   GB   4 nations (England, Scotland, Wales, Northern Ireland): the ~240 councils, boroughs and
 *        counties have no cities except North Yorkshire, whose cities go to England.
 *   IE   4 provinces (Connacht, Leinster, Munster, Ulster): the 26 counties have no cities.
 *   DE  16 states.   AT  9 states.   CH  26 cantons.   PL  16 voivodeships.
 *   IT  20 regions: the numeric codes (drops the ~100 provinces and metropolitan cities).
 *   FR  13 regions of metropolitan France: the three-letter codes plus 20R (Corse); drops the
 *        departments, the overseas departments/collectivities, Alsace (6AE), Lyon (69M), Paris (75C).
 *   ES  17 autonomous communities plus Ceuta and Melilla; the package files most Castilian cities
 *        under the province of León (LE), and lists eight more Castilian provinces: all of them go
 *        to Castile and León (CL).
 *   US  50 states plus the District of Columbia: the two-letter codes minus the territories
 *        (American Samoa, Guam, Northern Mariana Islands, Puerto Rico, US Virgin Islands, UM*).
 *   CA  10 provinces and 3 territories.   AU  6 states and 2 territories.   NZ  17 regions.
 */

/** Values of the Prisma enum RegionLabel (kept as literals so this file imports nothing). */
export type RegionLabelName =
  'province' | 'state' | 'canton' | 'county' | 'region' | 'territory' | 'voivodeship';

export interface CountryChoice {
  /** ISO 3166-1 alpha-2, as in SPEC point 1. */
  code: string;
  regionLabel: RegionLabelName;
  /** Which of the package's subdivision codes (isoCode, no country prefix) are kept. */
  keepRegion: RegExp | readonly string[];
  /** Dropped subdivision code -> kept subdivision code that contains it (for their cities). */
  cityParents?: Readonly<Record<string, string>>;
}

/** In the order of SPEC point 1, which is also the display order (`position`). */
export const COUNTRIES: readonly CountryChoice[] = [
  { code: 'NL', regionLabel: 'province', keepRegion: /^[A-Z]{2}$/ },
  { code: 'BE', regionLabel: 'region', keepRegion: ['BRU', 'VLG', 'WAL'] },
  {
    code: 'GB',
    regionLabel: 'region',
    keepRegion: ['ENG', 'SCT', 'WLS', 'NIR'],
    cityParents: { NYK: 'ENG' },
  },
  { code: 'IE', regionLabel: 'province', keepRegion: ['C', 'L', 'M', 'U'] },
  { code: 'DE', regionLabel: 'state', keepRegion: /^[A-Z]{2}$/ },
  { code: 'AT', regionLabel: 'state', keepRegion: /^[1-9]$/ },
  { code: 'IT', regionLabel: 'region', keepRegion: /^\d{2}$/ },
  { code: 'FR', regionLabel: 'region', keepRegion: /^([A-Z]{3}|20R)$/ },
  { code: 'CH', regionLabel: 'canton', keepRegion: /^[A-Z]{2}$/ },
  {
    code: 'ES',
    regionLabel: 'region',
    // ISO 3166-2:ES communities; the package uses PM (the province code) for the Balearic Islands
    keepRegion: [
      'AN',
      'AR',
      'AS',
      'CB',
      'CE',
      'CL',
      'CM',
      'CN',
      'CT',
      'EX',
      'GA',
      'MC',
      'MD',
      'ML',
      'NC',
      'PM',
      'PV',
      'RI',
      'VC',
    ],
    cityParents: {
      AV: 'CL',
      BU: 'CL',
      LE: 'CL',
      P: 'CL',
      SA: 'CL',
      SG: 'CL',
      SO: 'CL',
      VA: 'CL',
      ZA: 'CL',
    },
  },
  {
    code: 'US',
    regionLabel: 'state',
    keepRegion: /^(?!AS$|GU$|MP$|PR$|VI$|UM)[A-Z]{2}$/,
  },
  { code: 'CA', regionLabel: 'province', keepRegion: /^[A-Z]{2}$/ },
  { code: 'AU', regionLabel: 'state', keepRegion: /^[A-Z]{2,3}$/ },
  { code: 'NZ', regionLabel: 'region', keepRegion: /^[A-Z]{3}$/ },
  { code: 'PL', regionLabel: 'voivodeship', keepRegion: /^[A-Z]{2}$/ },
];

export function keepsRegion(country: CountryChoice, regionCode: string): boolean {
  return country.keepRegion instanceof RegExp
    ? country.keepRegion.test(regionCode)
    : country.keepRegion.includes(regionCode);
}
