import { z } from 'zod';
import { SEARCH_AGE_MAX, SEARCH_AGE_MIN, SEARCH_DISTANCES_KM } from '../constants';
import { dbId, gender, optionalText } from './fields';
import { profileCard } from './members';

const flag = z
  .enum(['1', '0', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true')
  .optional();
const age = z
  .string()
  .regex(/^\d{1,3}$/)
  .transform(Number)
  .pipe(z.number().int().min(SEARCH_AGE_MIN).max(SEARCH_AGE_MAX))
  .optional();

/**
 * GET /api/search.php: the filters of SPEC point 3's search state (gender, country,
 * countryregion, min_age, max_age) plus with_photo, online and distance (km from the member's
 * city); `cursor` continues after the last page (keyset: a deep page costs what page 1 costs).
 * A visitor's traffic source (network, ref) matters when only such visitors may search.
 */
export const searchQuery = z.object({
  gender: gender.optional(),
  country: z
    .string()
    .length(2)
    .transform((code) => code.toUpperCase())
    .optional(),
  countryregion: dbId.optional(),
  min_age: age,
  max_age: age,
  with_photo: flag,
  online: flag,
  /** Only verified members ("Alleen geverifieerd"). */
  verified: flag,
  /** Only the caller's favourites ("Alleen favorieten"; members only). */
  favourites: flag,
  distance: z
    .enum(SEARCH_DISTANCES_KM.map(String) as [string, ...string[]])
    .transform(Number)
    .optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional(),
  network: optionalText(100),
  ref: optionalText(100),
});
export type SearchQuery = z.infer<typeof searchQuery>;
/** The query as a client sends it (strings, before parsing): the web's search filters. */
export type SearchParams = z.input<typeof searchQuery>;

/**
 * A search result: the card, and whether the member is boosted (issue 38 item 3: a running boost
 * in the search's region puts them first, marked "Boost").
 */
export const searchCard = profileCard.extend({ boosted: z.boolean() });
export type SearchCard = z.infer<typeof searchCard>;

export const searchResponse = z.object({
  /** Page 1 begins with the boosted members of the search's region (see SearchService). */
  profiles: z.array(searchCard),
  /** Null on the last page. */
  next_cursor: z.string().nullable(),
  /** How many match, counted up to SEARCH_COUNT_CAP (`num_results_capped` when there are more). */
  num_results: z.number().int(),
  num_results_capped: z.boolean(),
  /** On page 1 when there are few results: profiles of wider filters, and how many there are. */
  similar: z
    .object({
      profiles: z.array(profileCard),
      count: z.number().int(),
      /** Which filters were widened: region -> country, age range +/- 5 years, distance. */
      widened: z.array(z.enum(['region', 'age', 'distance', 'online', 'with_photo'])),
    })
    .nullable(),
});
export type SearchResponse = z.infer<typeof searchResponse>;
