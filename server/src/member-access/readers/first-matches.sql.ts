import { numbered } from '../../prisma/sql';
import { SIGNUP_MATCHES_CANDIDATES } from '@app/contract';
import { CARD_COLUMNS, CARD_JOINS, listRuleSql, type CardColumns } from '../card.sql';

/**
 * The candidates for the first matches after signup ($1: the member), in one
 * prepared statement: the member's own country, region, birth date and the gender they seek,
 * and the most recently active members a list may show them (the `list` rule) of that gender
 * (any, for a member who seeks either) in their country, newest first, read from the partial
 * index `profiles_list_country_idx` in its order. Nothing when the member has no profile.
 * The limit is the contract's constant, written into the text: a bound limit would make
 * PostgreSQL plan the statement anew on every execution (its generic plan, costed for an unknown
 * limit, never wins), about 2 ms of planning each time at a million profiles.
 */
const candidates = (gender: string) => `SELECT ${CARD_COLUMNS}
    FROM profiles p
    ${CARD_JOINS}
    WHERE ${listRuleSql('$1')} AND p.country_code = me.country_code AND ${gender}
    ORDER BY p.last_active_at DESC, p.id DESC
    LIMIT ${SIGNUP_MATCHES_CANDIDATES}`;

const FIRST_MATCH_CANDIDATES_SQL = `WITH me AS (
    SELECT p.region_id AS own_region_id, p.date_of_birth AS own_date_of_birth,
      p.country_code, p.seeking_gender
    FROM profiles p WHERE p.user_id = $1
  )
  SELECT me.own_region_id, me.own_date_of_birth, x.* FROM me
  CROSS JOIN LATERAL (${candidates('me.seeking_gender IS NOT NULL AND p.gender = me.seeking_gender')}) x
  UNION ALL
  SELECT me.own_region_id, me.own_date_of_birth, x.* FROM me
  CROSS JOIN LATERAL (${candidates('me.seeking_gender IS NULL')}) x
  ORDER BY last_active_at DESC, profile_id DESC`;

/** A candidate with the member's own region and birth date (the same on every row). */
export interface FirstMatchRow extends CardColumns {
  own_region_id: number | null;
  own_date_of_birth: Date;
}

/** The first matches' candidates of the member. */
export const firstMatchCandidatesStatement = numbered<FirstMatchRow, [member: number]>(
  'first-match-candidates',
  FIRST_MATCH_CANDIDATES_SQL,
);
