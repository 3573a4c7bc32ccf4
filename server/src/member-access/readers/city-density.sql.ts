import { numbered } from '../../prisma/sql';

/**
 * Members a list may show (any gender) per city and country, counted from the city index every
 * few minutes (city-density.ts): a GROUP BY over the partial index, which Prisma's groupBy would
 * read through its query engine row by row.
 */
export const cityDensityStatement = numbered<
  { city_id: number | null; country_code: string; members: number },
  []
>(
  'city-density',
  `SELECT p.city_id, p.country_code, count(*)::int AS members FROM profiles p
  WHERE p.status = 'active' AND NOT p.invisible GROUP BY p.city_id, p.country_code`,
);
