import { numbered } from '../../prisma/sql';
import type { DetailsRow } from '../details.presenter';
import { RELATED_PROFILES_COUNT } from '@app/contract';
import { CARD_COLUMNS, CARD_JOINS, listRuleSql, type CardColumns } from '../card.sql';
import type { PhotoRow } from '../photo.presenter';
import { privacyPartnerSql } from '../privacy-partner.sql';

/**
 * The related profiles of the page's member `t`: members a list may show the viewer ($1; the
 * `list` rule), of the gender the viewer seeks (the member's own for a visitor and for a viewer
 * who seeks either: one probe of the viewer's profile by user id, run once), of the member's
 * country, born within six years of the member's birth year, not the member, the
 * RELATED_PROFILES_COUNT most recently active, as JSON cards with their privacy-mode partner
 * flag. The list's country index (profiles_list_country_idx, with the birth date among its
 * INCLUDE columns) is read in activity order: a few entries. The birth-year bounds come from the
 * member's row, so the planner cannot know how many they keep; no index leads with the birth
 * date within a country since migration drop_old_search_indexes, so they cannot mislead it (the
 * Prisma-era index on status, gender, country and birth date made this a 1 s statement at a
 * million profiles: tests/perf/explain-lists.ts).
 */
const RELATED_SQL = `SELECT coalesce(json_agg(x ORDER BY x.last_active_at DESC, x.profile_id DESC), '[]')
  FROM (SELECT ${CARD_COLUMNS}, ${privacyPartnerSql('p.user_id', '$1')} AS partner
    FROM profiles p
    ${CARD_JOINS}
    WHERE ${listRuleSql('$1')} AND p.id <> t.profile_id
      AND p.gender = coalesce((SELECT v.seeking_gender FROM profiles v WHERE v.user_id = $1),
        t.gender::"Gender")
      AND p.country_code = t.country_code
      AND p.date_of_birth >= make_date(extract(year FROM t.date_of_birth)::int - 6, 1, 1)
      AND p.date_of_birth < make_date(extract(year FROM t.date_of_birth)::int + 7, 1, 1)
    ORDER BY p.last_active_at DESC, p.id DESC
    LIMIT ${RELATED_PROFILES_COUNT}) x`;

/**
 * A member's profile page ($1: the viewer, 0 for a visitor; $2: the profile) under the `card`
 * rule of visibility.ts, in one prepared statement (Prisma's relation filters and nested selects
 * cost most of the page: docs/performance.md): an active profile (the database keeps active
 * equivalent to "of a confirmed account", migration list_reads), not of a member who blocked
 * the viewer, and when invisible only for the member themself and members who share a
 * conversation with them. With the page: the member's photos in gallery order, their interests
 * in catalogue order, the viewer's relation (blocked, liked, liked by), whether the member
 * wrote to the viewer (the privacy-mode partner), and the related profiles (RELATED_SQL). Each
 * part is a few index probes.
 */
const PROFILE_PAGE_SQL = `WITH t AS (
  SELECT ${CARD_COLUMNS}, p.main_photo_id,
    p.sexuality::text AS sexuality, p.hair_color::text AS hair_color, p.eye_color::text AS eye_color,
    p.body_type::text AS body_type, p.relationship_status::text AS relationship_status, p.tattoos,
    p.signup_reason::text AS signup_reason, p.about,
    ${privacyPartnerSql('p.user_id', '$1')} AS partner,
    EXISTS (SELECT 1 FROM blocks vb WHERE vb.blocker_id = $1 AND vb.blocked_id = p.user_id) AS blocked,
    EXISTS (SELECT 1 FROM likes vl WHERE vl.liker_id = $1 AND vl.liked_id = p.user_id) AS liked,
    EXISTS (SELECT 1 FROM likes ml WHERE ml.liker_id = p.user_id AND ml.liked_id = $1) AS liked_by,
    ARRAY(SELECT i.slug FROM profile_interests pi JOIN interests i ON i.id = pi.interest_id
      WHERE pi.profile_id = p.id ORDER BY i.position, i.id) AS interests,
    (SELECT coalesce(json_agg(json_build_object('id', g.id, 'filename', g.filename,
        'status', g.status, 'width', g.width, 'height', g.height) ORDER BY g.position, g.id), '[]')
      FROM photos g WHERE g.profile_id = p.id) AS photos
  FROM profiles p
  ${CARD_JOINS}
  WHERE p.id = $2 AND p.status = 'active'
    AND NOT EXISTS (SELECT 1 FROM blocks mb WHERE mb.blocker_id = p.user_id AND mb.blocked_id = $1)
    AND (NOT p.invisible OR p.user_id = $1 OR EXISTS (SELECT 1 FROM conversations sc
      WHERE sc.user_low_id = LEAST(p.user_id, $1) AND sc.user_high_id = GREATEST(p.user_id, $1)))
)
SELECT t.*, (${RELATED_SQL}) AS related FROM t`;
/** A photo of the page as the statement aggregates it (the gallery's fields). */
export type PagePhoto = Pick<PhotoRow, 'id' | 'filename' | 'status' | 'width' | 'height'>;

/** A row of PROFILE_PAGE_SQL. */
export interface ProfilePageRow extends CardColumns {
  main_photo_id: number | null;
  sexuality: DetailsRow['sexuality'];
  hair_color: DetailsRow['hairColor'];
  eye_color: DetailsRow['eyeColor'];
  body_type: DetailsRow['bodyType'];
  relationship_status: DetailsRow['relationshipStatus'];
  tattoos: DetailsRow['tattoos'];
  signup_reason: DetailsRow['signupReason'];
  about: DetailsRow['about'];
  partner: boolean;
  blocked: boolean;
  liked: boolean;
  liked_by: boolean;
  interests: string[];
  photos: PagePhoto[];
  related: RelatedCard[];
}

/** A related profile as the statement's JSON has it: dates as text, its privacy flag. */
export type RelatedCard = Omit<CardColumns, 'date_of_birth' | 'last_active_at'> & {
  /** YYYY-MM-DD */
  date_of_birth: string;
  /** a timestamp(3) holding UTC, without a zone: YYYY-MM-DDTHH:MM:SS.mmm */
  last_active_at: string;
  partner: boolean;
};

/** A member's profile page as the viewer (0: a visitor) may see it. */
export const profilePageStatement = numbered<ProfilePageRow, [viewer: number, profile: number]>(
  'profile-page',
  PROFILE_PAGE_SQL,
);

/** The standing of a profile's account, to tell a removed member from one that never was. */
export const profileStandingStatement = numbered<{ status: string }, [profile: number]>(
  'profile-standing',
  'SELECT u.status::text AS status FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.id = $1',
);
