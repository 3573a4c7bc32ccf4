import type { Gender } from '@app/contract';
import { utcDate, utcTimestamp } from '../prisma/pg-types';
import type { NumberedStatement } from '../prisma/sql';
import { CARD_COLUMNS, CARD_JOINS, listRuleSql, type CardColumns } from './card.sql';
import type { Viewer } from './visibility';

/**
 * What a list of members (search) may be narrowed by; every field is optional and they all
 * apply together. Ages are birth-date bounds (the caller turns ages into dates).
 */
export interface ListCriteria {
  gender?: Gender;
  /** One or more countries (a distance search may cross borders). */
  countries?: readonly string[];
  regionId?: number;
  /** Born on or before this day (at least the minimum age). */
  bornOnOrBefore?: Date;
  /** Born after this day (at most the maximum age). */
  bornAfter?: Date;
  /** With an active main photo. */
  withPhoto?: boolean;
  /** Verified members only (the partial index profiles_list_verified_idx). */
  verified?: boolean;
  /** Active at or after this moment. */
  activeSince?: Date;
  /** Living in one of these cities. */
  cityIds?: readonly number[];
  /** Not these profiles. */
  exceptProfileIds?: readonly number[];
  /**
   * Only these profiles (a search's boosted members, issue 38 item 3): each is probed by its
   * primary key (a LATERAL per id), never found by scanning a list index for them.
   */
  onlyProfileIds?: readonly number[];
  /**
   * Only the favourites of this member (search's "only favourites"): an EXISTS probe of the
   * favourites primary key (member, favourite) per candidate, or the planner reads the member's
   * few favourites first.
   */
  favouritesOf?: number;
}

/** A page of a list in its order (most recently active first, then id): a keyset page. */
export interface ListPage {
  /** The last row of the previous page; none: the first page. */
  after?: { lastActiveAt: Date; id: number };
  take: number;
  /** Count the whole list up to this many (+1, to tell "more"); none: no count. */
  countUpTo?: number;
  /**
   * With cities (a distance search) in one country: read the page from the country's members
   * in activity order, keeping those of the cities, instead of the newest of each city merged
   * (CityDensity tells when that reads fewer entries). The count still probes each city. Changes
   * how the page is read, never what it holds.
   */
  scanCities?: boolean;
}

/** One row of a list statement: the card's columns, and on the first page the count. */
export interface ListRow extends CardColumns {
  counted: number | null;
}

/**
 * Up to this many cities (a distance search), each city is probed on its own in activity order
 * (a few index entries each, whatever the planner thinks of the cities); beyond, the rows are
 * scanned in activity order within the country and the cities are a filter.
 */
export const CITY_PROBES_MAX = 500;

/**
 * One statement for a page of a member list, and on the first page its count up to a cap. The
 * rule and criteria choose the rows from the partial indexes `profiles_list_*` alone (every
 * filter is a key or an INCLUDE column: index-only scans), in keyset order, so a deep page costs
 * what page 1 costs and a count reads no table rows; then only the page's rows are read, with
 * their city, region and main photo. A distance search within CITY_PROBES_MAX cities takes the
 * newest rows of each city (`profiles_list_city_idx`) and merges them.
 *
 * It is sent unnamed, so PostgreSQL plans it for its values every time: a prepared statement's
 * generic plan (chosen after five executions) cannot know that a country is large or a region
 * small, or how many members a distance holds, and picked plans 10-100x slower for region and
 * distance searches (docs/performance.md). Planning costs about a millisecond; a wrong plan tens.
 */
export function listStatement(
  viewer: Viewer,
  criteria: ListCriteria,
  page: ListPage,
): NumberedStatement<ListRow> {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const where = [listRuleSql(viewer ? param(viewer.userId) : null)];
  if (criteria.gender) where.push(`p.gender = ${param(criteria.gender)}::"Gender"`);
  const countries = criteria.countries ?? [];
  if (countries.length === 1) where.push(`p.country_code = ${param(countries[0])}`);
  if (countries.length > 1) where.push(`p.country_code = ANY(${param(countries)}::text[])`);
  if (criteria.regionId !== undefined) where.push(`p.region_id = ${param(criteria.regionId)}`);
  if (criteria.bornOnOrBefore) {
    where.push(`p.date_of_birth <= ${param(utcDate(criteria.bornOnOrBefore))}::date`);
  }
  if (criteria.bornAfter) {
    where.push(`p.date_of_birth > ${param(utcDate(criteria.bornAfter))}::date`);
  }
  if (criteria.withPhoto) where.push(`p.has_photo`);
  if (criteria.verified) where.push(`p.verified`);
  if (criteria.activeSince) {
    where.push(`p.last_active_at >= ${param(utcTimestamp(criteria.activeSince))}::timestamp`);
  }
  if (criteria.favouritesOf !== undefined) {
    where.push(
      `EXISTS (SELECT 1 FROM favourites f WHERE f.member_id = ${param(criteria.favouritesOf)} AND f.favourite_id = p.user_id)`,
    );
  }
  if (criteria.exceptProfileIds?.length) {
    where.push(`p.id <> ALL(${param(criteria.exceptProfileIds)}::int[])`);
  }
  const only = criteria.onlyProfileIds;
  const cities = criteria.cityIds;
  // given profiles are probed by id: their cities (a distance search) are a filter then
  const probe = !only && !!cities && cities.length <= CITY_PROBES_MAX;
  if (cities && !probe) where.push(`p.city_id = ANY(${param(cities)}::int[])`);
  const onlyList = only ? param(only) : '';
  const cityList = probe ? param(cities) : '';
  // the page read in the country's activity order, the cities a filter (city_id is in the index)
  const scan = probe && page.scanCities === true;
  const inCities = scan ? `p.city_id + 0 = ANY(${cityList}::int[])` : null;
  const keyset = page.after
    ? `(p.last_active_at, p.id) < (${param(utcTimestamp(page.after.lastActiveAt))}::timestamp, ${param(page.after.id)})`
    : null;
  const conditions = (extra: (string | null)[]) =>
    [...where, ...extra].filter((c): c is string => c !== null).join('\n    AND ');
  const ORDER = 'ORDER BY p.last_active_at DESC, p.id DESC';
  const take = param(page.take);
  // the page's ids, and on page 1 the count, each chosen from an index alone. The given ids
  // are probed one by one by the primary key: OFFSET 0 keeps PostgreSQL from flattening the
  // probe into a join, which its generic plan (the app's statements are prepared) runs the
  // other way round, reading the region's whole index to match 20 ids (6.6 ms instead of 0.2
  // at a million members: docs/performance.md, "search with boosts")
  const pageIds = only
    ? `SELECT x.id, x.last_active_at FROM unnest(${onlyList}::int[]) AS only_id(id)
  CROSS JOIN LATERAL (
    SELECT p.id, p.last_active_at FROM profiles p
    WHERE ${conditions(['p.id = only_id.id', keyset])}
    OFFSET 0
  ) x
  ORDER BY x.last_active_at DESC, x.id DESC LIMIT ${take}`
    : probe && !scan
      ? `SELECT x.id, x.last_active_at FROM unnest(${cityList}::int[]) AS city(id)
  CROSS JOIN LATERAL (
    SELECT p.id, p.last_active_at FROM profiles p
    WHERE ${conditions(['p.city_id = city.id', keyset])}
    ${ORDER} LIMIT ${take}
  ) x
  ORDER BY x.last_active_at DESC, x.id DESC LIMIT ${take}`
      : `SELECT p.id, p.last_active_at FROM profiles p
  WHERE ${conditions([inCities, keyset])}
  ${ORDER} LIMIT ${take}`;
  const cap = page.countUpTo === undefined || only ? '' : param(page.countUpTo + 1);
  const counted =
    page.countUpTo === undefined
      ? 'NULL::bigint'
      : only
        ? `(SELECT count(*) FROM unnest(${onlyList}::int[]) AS only_id(id)
    CROSS JOIN LATERAL (SELECT 1 FROM profiles p WHERE ${conditions(['p.id = only_id.id'])}) x)`
        : probe
          ? `(SELECT count(*) FROM (SELECT 1 FROM unnest(${cityList}::int[]) AS city(id)
    CROSS JOIN LATERAL (SELECT 1 FROM profiles p WHERE ${conditions(['p.city_id = city.id'])} LIMIT ${cap}) x
    LIMIT ${cap}) n)`
          : `(SELECT count(*) FROM (SELECT 1 FROM profiles p WHERE ${conditions([])} LIMIT ${cap}) n)`;
  const text = `WITH page AS (
  ${pageIds}
)
SELECT ${counted} AS counted, ${CARD_COLUMNS}
FROM page JOIN profiles p ON p.id = page.id
${CARD_JOINS}
ORDER BY page.last_active_at DESC, page.id DESC`;
  return { text, values };
}
