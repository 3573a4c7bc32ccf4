import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { AppError } from '../common/app-error';

/** Search boxes in degrees of latitude, widened until a city is inside. */
const SEARCH_BOXES = [0.15, 0.5, 2];
const EARTH_RADIUS_KM = 6371;
/** Regions whose cities are kept in memory at most (an unknown id caches an empty list). */
const CITIES_CACHE_REGIONS = 500;
/** (city, distance) pairs whose cities within are kept in memory at most. */
const NEAR_CACHE_ENTRIES = 5_000;

/** The seeded cities within a distance of a city, and their countries. */
export interface CitiesNear {
  cities: number[];
  countries: string[];
}

interface NearestRow {
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

@Injectable()
export class GeoService {
  /** Cities per region: reference data that only a re-seed changes. */
  private readonly citiesCache = new Map<number, Promise<{ id: number; name: string }[]>>();
  /** Cities within a distance of a city (reference data too). */
  private readonly nearCache = new Map<string, Promise<CitiesNear>>();

  constructor(private readonly prisma: PrismaService) {}

  /**
   * The nearest seeded city to a point. A bounding box on the (latitude, longitude) index keeps
   * the candidate set small; the great-circle distance orders it.
   */
  async nearest(lat: number, lon: number) {
    for (const box of SEARCH_BOXES) {
      const lonBox = box / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
      const rows = await this.prisma.$queryRaw<NearestRow[]>`
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
      const row = rows[0];
      if (row) {
        return {
          country: row.country_code.trim(),
          region: { id: row.region_id, code: row.region_code, name: row.region_name },
          city: {
            id: row.city_id,
            name: row.city_name,
            latitude: row.latitude,
            longitude: row.longitude,
          },
          distance_km: Math.round(Number(row.distance_km) * 10) / 10,
        };
      }
    }
    throw new AppError('location_not_found');
  }

  /** The cities of a region by name, for the location selects (cached: they never change). */
  cities(regionId: number): Promise<{ id: number; name: string }[]> {
    const hit = this.citiesCache.get(regionId);
    if (hit) return hit;
    const value = this.prisma.city.findMany({
      where: { regionId },
      select: { id: true, name: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
    });
    if (this.citiesCache.size >= CITIES_CACHE_REGIONS) this.citiesCache.clear();
    this.citiesCache.set(regionId, value);
    value.catch(() => this.citiesCache.delete(regionId));
    return value;
  }

  /**
   * The seeded cities within `km` of a city (itself included): a bounding box on the cities'
   * (latitude, longitude) index, then the great-circle distance; and their countries. Kept in
   * memory: a member's distance searches ask the same again.
   */
  citiesWithin(cityId: number, km: number): Promise<CitiesNear> {
    const key = `${cityId}:${km}`;
    const hit = this.nearCache.get(key);
    if (hit) return hit;
    const degrees = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
    const value = this.prisma.$queryRaw<{ id: number; country_code: string }[]>`
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
      ORDER BY c.id`.then((rows) => ({
      cities: rows.map((row) => row.id),
      countries: [...new Set(rows.map((row) => row.country_code.trim()))].sort(),
    }));
    if (this.nearCache.size >= NEAR_CACHE_ENTRIES) this.nearCache.clear();
    this.nearCache.set(key, value);
    value.catch(() => this.nearCache.delete(key));
    return value;
  }
}
