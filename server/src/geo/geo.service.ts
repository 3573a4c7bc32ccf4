import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { AppError } from '../common/app-error';
import {
  citiesWithinStatement,
  nearestCityStatement,
  type CityWithinRow,
  type NearestRow,
} from './geo.sql';

/** Search boxes in degrees of latitude, widened until a city is inside. */
const SEARCH_BOXES = [0.15, 0.5, 2];
/** Regions whose cities are kept in memory at most (an unknown id caches an empty list). */
const CITIES_CACHE_REGIONS = 500;
/** (city, distance) pairs whose cities within are kept in memory at most. */
const NEAR_CACHE_ENTRIES = 5_000;

/** The seeded cities within a distance of a city, and their countries. */
export interface CitiesNear {
  cities: number[];
  countries: string[];
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
      const rows = await queryRows<NearestRow>(
        this.prisma,
        nearestCityStatement(lat, lon, box, lonBox),
      );
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
    const value = queryRows<CityWithinRow>(this.prisma, citiesWithinStatement(cityId, km)).then(
      (rows) => ({
        cities: rows.map((row) => row.id),
        countries: [...new Set(rows.map((row) => row.country_code.trim()))].sort(),
      }),
    );
    if (this.nearCache.size >= NEAR_CACHE_ENTRIES) this.nearCache.clear();
    this.nearCache.set(key, value);
    value.catch(() => this.nearCache.delete(key));
    return value;
  }
}
