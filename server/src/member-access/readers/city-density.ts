import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../prisma/prisma.service';
import { queryRows } from '../../prisma/sql';
import { cityDensityStatement } from './city-density.sql';

/** How often the counts are read again (they steer a plan; a few minutes old is as good). */
export const CITY_DENSITY_TTL_MS = 10 * 60_000;

/** What probing one city costs beyond the entries it reads (a descent of the index, a sort input). */
const PROBE_OVERHEAD = 4;

/** Members a list may show (any gender), per city and per country. */
export interface DensitySnapshot {
  byCity: ReadonlyMap<number, number>;
  byCountry: ReadonlyMap<string, number>;
}

/**
 * Whether a page of `take` members living in these cities is found sooner by reading the
 * country's members in activity order and keeping those of the cities (about take × country ÷
 * cities entries), than by reading the newest `take` of each city and merging them (about the
 * sum over the cities of min(take, members there), plus a descent per city). Only a single
 * country can be read in activity order from its index.
 */
export function scanIsCheaper(
  snapshot: DensitySnapshot,
  cityIds: readonly number[],
  countries: readonly string[],
  take: number,
): boolean {
  if (countries.length !== 1) return false;
  let inCities = 0;
  let probing = 0;
  for (const id of cityIds) {
    const members = snapshot.byCity.get(id) ?? 0;
    inCities += members;
    probing += Math.min(take, members) + PROBE_OVERHEAD;
  }
  if (inCities === 0) return false;
  const scanning = (take * (snapshot.byCountry.get(countries[0]) ?? 0)) / inCities;
  return scanning < probing;
}

/**
 * Per-city statistics for the distance search (docs/performance.md): how many members a list
 * may show live in each city and each country, counted from the list's city index (an
 * index-only scan) at most every CITY_DENSITY_TTL_MS per process, the old counts serving while
 * new ones are read. The list statement uses them only to choose how it reads a page, never
 * what the page holds.
 */
@Injectable()
export class CityDensity {
  private counts: DensitySnapshot | null = null;
  private reading: Promise<void> | null = null;
  private readAt = -Infinity;

  constructor(private readonly prisma: PrismaService) {}

  /**
   * See scanIsCheaper. The first call waits for the counts; later ones use what is there while
   * newer counts are read. Without counts (their read failed) the cities are probed.
   */
  async scanIsCheaper(
    cityIds: readonly number[],
    countries: readonly string[],
    take: number,
  ): Promise<boolean> {
    if (countries.length !== 1) return false;
    if (!this.reading && Date.now() - this.readAt >= CITY_DENSITY_TTL_MS) {
      this.readAt = Date.now();
      this.reading = this.read()
        .then(
          (counts) => {
            this.counts = counts;
          },
          () => {
            // tried again on the next call
            this.readAt = -Infinity;
          },
        )
        .finally(() => {
          this.reading = null;
        });
    }
    if (!this.counts && this.reading) await this.reading;
    return this.counts ? scanIsCheaper(this.counts, cityIds, countries, take) : false;
  }

  private async read(): Promise<DensitySnapshot> {
    const rows = await queryRows(this.prisma.pool, cityDensityStatement());
    const byCity = new Map<number, number>();
    const byCountry = new Map<string, number>();
    for (const row of rows) {
      if (row.city_id !== null) byCity.set(row.city_id, row.members);
      const country = row.country_code.trim();
      byCountry.set(country, (byCountry.get(country) ?? 0) + row.members);
    }
    return { byCity, byCountry };
  }
}
