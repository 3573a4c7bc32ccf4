/**
 * Official names in the local language where `country-state-city` gives English ones, for the
 * Dutch-speaking countries we serve first (NL, and BE where Dutch is an official language).
 * Everything else keeps the package's names. Keyed by country, then region code or city name.
 */
export const LOCAL_REGION_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  NL: { NB: 'Noord-Brabant', NH: 'Noord-Holland', ZH: 'Zuid-Holland' },
  BE: { BRU: 'Brussels Hoofdstedelijk Gewest', VLG: 'Vlaanderen', WAL: 'Wallonië' },
};

export const LOCAL_CITY_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  NL: { 'The Hague': 'Den Haag' },
  BE: { Brussels: 'Brussel', Antwerp: 'Antwerpen', Ghent: 'Gent', Bruges: 'Brugge' },
};

export const localRegionName = (country: string, code: string, name: string): string =>
  LOCAL_REGION_NAMES[country]?.[code] ?? name;

export const localCityName = (country: string, name: string): string =>
  LOCAL_CITY_NAMES[country]?.[name] ?? name;
