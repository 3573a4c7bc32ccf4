import { Prisma } from '../generated/prisma/client';

/**
 * The geography's hand-written SQL (run through queryRows, server/src/prisma/sql.ts, on
 * Prisma): great-circle distances over a bounding box on the cities' (latitude, longitude)
 * index.
 */

const EARTH_RADIUS_KM = 6371;

/** The nearest city found in a search box, with its region and distance. */
export interface NearestRow {
  city_id: number;
  city_name: string;
  latitude: number;
  longitude: number;
  country_code: string;
  region_id: number;
  region_code: string;
  region_name: string;
  distance_km: number;
}

/**
 * The city nearest to (lat, lon) within `box` degrees of latitude and `lonBox` of longitude
 * (no row: none inside).
 */
export function nearestCityStatement(
  lat: number,
  lon: number,
  box: number,
  lonBox: number,
): Prisma.Sql {
  return Prisma.sql`
        SELECT c.id AS city_id, c.name AS city_name, c.latitude, c.longitude,
               c.country_code, r.id AS region_id, r.code AS region_code, r.name AS region_name,
               ${EARTH_RADIUS_KM} * 2 * asin(sqrt(
                 power(sin(radians(c.latitude - ${lat}) / 2), 2) +
                 cos(radians(${lat})) * cos(radians(c.latitude)) *
                 power(sin(radians(c.longitude - ${lon}) / 2), 2))) AS distance_km
        FROM cities c JOIN regions r ON r.id = c.region_id
        WHERE c.latitude BETWEEN ${lat - box} AND ${lat + box}
          AND c.longitude BETWEEN ${lon - lonBox} AND ${lon + lonBox}
        ORDER BY distance_km
        LIMIT 1`;
}

/** A city within a distance, with its country. */
export interface CityWithinRow {
  id: number;
  country_code: string;
}

/** The cities within `km` of a city (itself included), by id. */
export function citiesWithinStatement(cityId: number, km: number): Prisma.Sql {
  const degrees = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  return Prisma.sql`
      SELECT c.id, c.country_code
      FROM cities h, cities c
      WHERE h.id = ${cityId}
        AND c.latitude BETWEEN h.latitude - ${degrees} AND h.latitude + ${degrees}
        AND c.longitude BETWEEN h.longitude - ${degrees} / greatest(0.01, cos(radians(h.latitude)))
                            AND h.longitude + ${degrees} / greatest(0.01, cos(radians(h.latitude)))
        AND ${EARTH_RADIUS_KM} * 2 * asin(sqrt(
              power(sin(radians(c.latitude - h.latitude) / 2), 2) +
              cos(radians(h.latitude)) * cos(radians(c.latitude)) *
              power(sin(radians(c.longitude - h.longitude) / 2), 2))) <= ${km}
      ORDER BY c.id`;
}
