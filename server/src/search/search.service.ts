import { Injectable } from '@nestjs/common';
import {
  ONLINE_MINUTES,
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_SIZE,
  SEARCH_SIMILAR_BELOW,
  type SearchQuery,
  type SearchResponse,
} from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { SettingsService } from '../settings';
import { MemberAccess, PROFILE_CARD_SELECT, type Viewer } from '../member-access';

type Widened = NonNullable<SearchResponse['similar']>['widened'][number];
const EARTH_KM = 6371;

/** The UTC date `years` before today: the birth date of someone turning that age today. */
function yearsAgo(now: Date, years: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
}

function encodeCursor(row: { lastActiveAt: Date; id: number }): string {
  return Buffer.from(`${row.lastActiveAt.getTime()}.${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: number } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('.').map(Number);
  if (!Number.isSafeInteger(at) || !Number.isSafeInteger(id) || id < 1) {
    throw new AppError('validation_failed', {}, 'cursor');
  }
  return { at: new Date(at), id };
}

/**
 * Member search (/members): the list visibility rule (never invisible, blocked either way,
 * deleted, banned or oneself) with the member's filters, most recently active first, a page at
 * a time by keyset (last activity, id), so a deep page costs what page 1 costs. Page 1 also
 * counts the results (up to SEARCH_COUNT_CAP) and, when there are few, adds similar profiles of
 * wider filters. Visitors search only when the settings allow it.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly access: MemberAccess,
    private readonly settings: SettingsService,
  ) {}

  async search(viewer: Viewer, query: SearchQuery, now = new Date()): Promise<SearchResponse> {
    if (!viewer) await this.assertVisitorsMaySearch(query);
    const filters = await this.filters(viewer, query, now);
    const where: Prisma.ProfileWhereInput = { AND: filters.map((f) => f.where) };
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const rows = await this.access.list(viewer, {
      where: after
        ? {
            AND: [
              where,
              {
                OR: [
                  { lastActiveAt: { lt: after.at } },
                  { lastActiveAt: after.at, id: { lt: after.id } },
                ],
              },
            ],
          }
        : where,
      orderBy: [{ lastActiveAt: 'desc' }, { id: 'desc' }],
      take: SEARCH_PAGE_SIZE + 1,
      select: PROFILE_CARD_SELECT,
    });
    const page = rows.slice(0, SEARCH_PAGE_SIZE);
    const last = page.at(-1);
    const next = rows.length > SEARCH_PAGE_SIZE && last ? encodeCursor(last) : null;
    const counted = after ? 0 : await this.access.countList(viewer, where, SEARCH_COUNT_CAP);
    const similar =
      !after && counted < SEARCH_SIMILAR_BELOW
        ? await this.similar(
            viewer,
            query,
            now,
            page.map((row) => row.id),
          )
        : null;
    return {
      profiles: await this.access.cards(viewer, page, now),
      next_cursor: next,
      num_results: Math.min(counted, SEARCH_COUNT_CAP),
      num_results_capped: counted > SEARCH_COUNT_CAP,
      similar,
    };
  }

  /** Wider filters: region -> country, age +/- 5 years, no online, photo or distance filter. */
  private async similar(
    viewer: Viewer,
    query: SearchQuery,
    now: Date,
    found: number[],
  ): Promise<SearchResponse['similar']> {
    const widened: Widened[] = [];
    const wide: SearchQuery = { ...query, cursor: undefined };
    if (query.countryregion) {
      wide.countryregion = undefined;
      widened.push('region');
    }
    if (query.min_age || query.max_age) {
      wide.min_age = query.min_age ? Math.max(18, query.min_age - 5) : undefined;
      wide.max_age = query.max_age ? query.max_age + 5 : undefined;
      widened.push('age');
    }
    for (const key of ['online', 'with_photo', 'distance'] as const) {
      if (query[key]) {
        wide[key] = undefined;
        widened.push(key);
      }
    }
    if (widened.length === 0) return null;
    const filters = await this.filters(viewer, wide, now);
    const where: Prisma.ProfileWhereInput = {
      AND: [...filters.map((f) => f.where), { id: { notIn: found } }],
    };
    const [rows, count] = await Promise.all([
      this.access.list(viewer, {
        where,
        orderBy: [{ lastActiveAt: 'desc' }, { id: 'desc' }],
        take: SEARCH_PAGE_SIZE,
        select: PROFILE_CARD_SELECT,
      }),
      this.access.countList(viewer, where, SEARCH_COUNT_CAP),
    ]);
    if (rows.length === 0) return null;
    return {
      profiles: await this.access.cards(viewer, rows, now),
      count: Math.min(count, SEARCH_COUNT_CAP),
      widened,
    };
  }

  private async filters(viewer: Viewer, query: SearchQuery, now: Date) {
    const filters: { where: Prisma.ProfileWhereInput }[] = [];
    if (query.gender) filters.push({ where: { gender: query.gender } });
    if (query.country) filters.push({ where: { countryCode: query.country } });
    if (query.countryregion) filters.push({ where: { regionId: query.countryregion } });
    const [low, high] = [query.min_age, query.max_age];
    if (low && high && low > high) throw new AppError('validation_failed', {}, 'max_age');
    // born on or before the day that makes them min_age; after the day that makes them max_age + 1
    if (low) filters.push({ where: { dateOfBirth: { lte: yearsAgo(now, low) } } });
    if (high) filters.push({ where: { dateOfBirth: { gt: yearsAgo(now, high + 1) } } });
    if (query.with_photo) filters.push({ where: { mainPhoto: { status: 'active' } } });
    if (query.online) {
      filters.push({
        where: { lastActiveAt: { gte: new Date(now.getTime() - ONLINE_MINUTES * 60_000) } },
      });
    }
    if (query.distance && viewer) {
      const cities = await this.citiesNear(viewer.userId, query.distance);
      if (cities) filters.push({ where: { cityId: { in: cities } } });
    }
    return filters;
  }

  /**
   * The seeded cities within `km` of the member's city (a bounding box on the cities'
   * (latitude, longitude) index, then the great-circle distance); null when the member has
   * no city (the filter does not apply).
   */
  private async citiesNear(userId: number, km: number): Promise<number[] | null> {
    const own = await this.access.own(userId, {
      city: { select: { latitude: true, longitude: true } },
    });
    const home = own?.city;
    if (!home) return null;
    const dLat = (km / EARTH_KM) * (180 / Math.PI);
    const dLon = dLat / Math.max(0.01, Math.cos((home.latitude * Math.PI) / 180));
    const box = await this.prisma.city.findMany({
      where: {
        latitude: { gte: home.latitude - dLat, lte: home.latitude + dLat },
        longitude: { gte: home.longitude - dLon, lte: home.longitude + dLon },
      },
      select: { id: true, latitude: true, longitude: true },
    });
    const rad = Math.PI / 180;
    return box
      .filter((city) => {
        const a =
          Math.sin(((city.latitude - home.latitude) * rad) / 2) ** 2 +
          Math.cos(home.latitude * rad) *
            Math.cos(city.latitude * rad) *
            Math.sin(((city.longitude - home.longitude) * rad) / 2) ** 2;
        return 2 * EARTH_KM * Math.asin(Math.sqrt(a)) <= km;
      })
      .map((city) => city.id);
  }

  private async assertVisitorsMaySearch(query: SearchQuery): Promise<void> {
    const settings = await this.settings.stored();
    const withSource = !!(query.network || query.ref);
    if (settings.logged_out_search) return;
    if (settings.logged_out_search_trafficsource && withSource) return;
    throw new AppError('search_login_required');
  }
}
