import type { Prisma } from '../generated/prisma/client';
import { notBlocked } from './not-blocked.sql';

/**
 * The card of a member in hand-written SQL: its columns, joins and row, and the `list` rule of
 * visibility.ts, which every hand-written list (search, the profile page's related profiles, the
 * first matches, the likes page) states with it. The rule's parity with visibility.ts is tested
 * (server/test/member-access.e2e-spec.ts).
 */

/** What a card needs of a profile; every public read selects exactly this. */
export const PROFILE_CARD_SELECT = {
  id: true,
  userId: true,
  name: true,
  gender: true,
  dateOfBirth: true,
  countryCode: true,
  regionId: true,
  fictional: true,
  verified: true,
  lastActiveAt: true,
  privacyMode: true,
  city: { select: { name: true } },
  region: { select: { name: true } },
  mainPhoto: { select: { id: true, filename: true, status: true } },
} satisfies Prisma.ProfileSelect;

export type ProfileCardRow = Prisma.ProfileGetPayload<{ select: typeof PROFILE_CARD_SELECT }>;

/** The card columns of a profile `p` with its city `c`, region `r` and main photo `ph`. */
export const CARD_COLUMNS = `p.id AS profile_id, p.user_id AS profile_user_id, p.name, p.gender::text AS gender,
  p.date_of_birth, p.country_code, p.region_id, p.fictional, p.verified, p.last_active_at, p.privacy_mode,
  c.name AS city_name, r.name AS region_name,
  ph.id AS photo_id, ph.filename AS photo_filename, ph.status::text AS photo_status`;
export const CARD_JOINS = `LEFT JOIN cities c ON c.id = p.city_id
  LEFT JOIN regions r ON r.id = p.region_id
  LEFT JOIN photos ph ON ph.id = p.main_photo_id`;

/**
 * The `list` rule of visibility.ts over profiles `p` in SQL, for the viewer `me` (an SQL
 * expression; null: a visitor): an active profile, not invisible, not the viewer, no block either
 * way. An active profile is one of a confirmed account: the database keeps them equivalent
 * (migration list_reads: a profile of an account that is not confirmed is `disabled`), so the
 * account row need not be read for every candidate.
 */
export function listRuleSql(me: string | null): string {
  const rule = [`p.status = 'active'`, `NOT p.invisible`];
  if (me !== null) rule.push(`p.user_id <> ${me}`, notBlocked('p.user_id', me));
  return rule.join(' AND ');
}

export interface CardColumns {
  profile_id: number;
  profile_user_id: number;
  name: string;
  gender: ProfileCardRow['gender'];
  date_of_birth: Date;
  country_code: string;
  region_id: number | null;
  fictional: boolean;
  verified: boolean;
  last_active_at: Date;
  privacy_mode: boolean;
  city_name: string | null;
  region_name: string | null;
  photo_id: number | null;
  photo_filename: string | null;
  photo_status: string | null;
}
