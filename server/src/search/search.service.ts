import { Injectable } from '@nestjs/common';
import {
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_SIZE,
  SEARCH_SIMILAR_BELOW,
  type SearchQuery,
  type SearchResponse,
} from '@app/contract';
import { BoostedMembers } from '../boosts';
import { AppError } from '../common/app-error';
import { GeoService, type CitiesNear } from '../geo';
import { SettingsService } from '../settings';
import { MemberLists, OwnProfileReads, type ListCriteria, type Viewer } from '../member-access';
import { searchCriteria } from './search-criteria';

type Widened = NonNullable<SearchResponse['similar']>['widened'][number];

function encodeCursor(row: { lastActiveAt: Date; id: number }): string {
  return Buffer.from(`${row.lastActiveAt.getTime()}.${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { lastActiveAt: Date; id: number } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('.').map(Number);
  if (!Number.isSafeInteger(at) || !Number.isSafeInteger(id) || id < 1 || at < 0 || at > 1e14) {
    throw new AppError('validation_failed', {}, 'cursor');
  }
  return { lastActiveAt: new Date(at), id };
}

/**
 * Member search (/members): the list visibility rule (never invisible, blocked either way,
 * deleted, banned or oneself) with the member's filters, most recently active first, a page at
 * a time by keyset (last activity, id), so a deep page costs what page 1 costs. Page 1 also
 * counts the results (up to SEARCH_COUNT_CAP) in the same statement and, when there are few,
 * adds similar profiles of wider filters. Visitors search only when the settings allow it.
 *
 * Boosts (issue 38 item 3): the members whose boost runs in the search's region (its region
 * filter, else the searching member's own region) come first on page 1, marked `boosted`, as
 * far as the rule and the filters show them, newest boost first; they are left out of every
 * page's usual order (so never shown twice) and counted with the results. One small read of
 * the boosts table, then the usual page and the boosted members' page side by side (each id
 * probed by its primary key).
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly geo: GeoService,
    private readonly lists: MemberLists,
    private readonly ownProfile: OwnProfileReads,
    private readonly settings: SettingsService,
    private readonly boosted: BoostedMembers,
  ) {}

  async search(viewer: Viewer, query: SearchQuery, now = new Date()): Promise<SearchResponse> {
    if (!viewer) await this.assertVisitorsMaySearch(query);
    const [criteria, boostedIds] = await Promise.all([
      this.criteria(viewer, query, now),
      this.boosted.inRegion(query.countryregion, viewer?.userId ?? null, now),
    ]);
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    // the boosted members of the search's region: first on page 1 (those the rule and the
    // filters allow, in the order of their boosts), and on no page in their usual place
    const [{ rows, counted }, boostedRows] = await Promise.all([
      this.lists.page(
        viewer,
        boostedIds.length ? { ...criteria, exceptProfileIds: boostedIds } : criteria,
        { after, take: SEARCH_PAGE_SIZE + 1, countUpTo: after ? undefined : SEARCH_COUNT_CAP },
      ),
      !after && boostedIds.length
        ? this.lists.page(
            viewer,
            { ...criteria, onlyProfileIds: boostedIds },
            { take: boostedIds.length },
          )
        : null,
    ]);
    const first = boostedRows
      ? boostedRows.rows.sort((a, b) => boostedIds.indexOf(a.id) - boostedIds.indexOf(b.id))
      : [];
    const page = rows.slice(0, SEARCH_PAGE_SIZE);
    const last = page.at(-1);
    const next = rows.length > SEARCH_PAGE_SIZE && last ? encodeCursor(last) : null;
    const found = counted + first.length;
    const similar =
      !after && found < SEARCH_SIMILAR_BELOW
        ? await this.similar(
            viewer,
            query,
            now,
            [...first, ...page].map((row) => row.id),
          )
        : null;
    const cards = await this.lists.cards(viewer, [...first, ...page], now);
    return {
      profiles: cards.map((card, i) => ({ ...card, boosted: i < first.length })),
      next_cursor: next,
      num_results: Math.min(found, SEARCH_COUNT_CAP),
      num_results_capped: found > SEARCH_COUNT_CAP,
      similar,
    };
  }

  /**
   * Wider filters: region -> country, age +/- 5 years, no online, photo or distance filter. A
   * verified-only search stays verified-only: a member who asks for verified members is never
   * offered unverified ones as similar.
   */
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
    const criteria = await this.criteria(viewer, wide, now);
    const { rows, counted } = await this.lists.page(
      viewer,
      { ...criteria, exceptProfileIds: found },
      { take: SEARCH_PAGE_SIZE, countUpTo: SEARCH_COUNT_CAP },
    );
    if (rows.length === 0) return null;
    return {
      profiles: await this.lists.cards(viewer, rows, now),
      count: Math.min(counted, SEARCH_COUNT_CAP),
      widened,
    };
  }

  private async criteria(viewer: Viewer, query: SearchQuery, now: Date): Promise<ListCriteria> {
    const near =
      query.distance && viewer ? await this.citiesNear(viewer.userId, query.distance) : null;
    return searchCriteria(query, now, near, viewer?.userId ?? null);
  }

  /** The cities within `km` of the member's city; null when the member has no city. */
  private async citiesNear(userId: number, km: number): Promise<CitiesNear | null> {
    const own = await this.ownProfile.read(userId, { cityId: true });
    return own?.cityId ? this.geo.citiesWithin(own.cityId, km) : null;
  }

  private async assertVisitorsMaySearch(query: SearchQuery): Promise<void> {
    const settings = await this.settings.stored();
    const withSource = !!(query.network || query.ref);
    if (settings.logged_out_search) return;
    if (settings.logged_out_search_trafficsource && withSource) return;
    throw new AppError('search_login_required');
  }
}
