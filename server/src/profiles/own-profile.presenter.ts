import type { OwnProfile } from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { ageOn } from '../common/age';
import { PROFILE_DETAILS_SELECT, presentProfileDetails } from '../member-access';

/** What the editor shows of the member's own profile. */
export const OWN_PROFILE_SELECT = {
  id: true,
  name: true,
  status: true,
  gender: true,
  seekingGender: true,
  dateOfBirth: true,
  countryCode: true,
  regionId: true,
  cityId: true,
  region: { select: { name: true } },
  city: { select: { name: true } },
  ...PROFILE_DETAILS_SELECT,
  invisible: true,
  privacyMode: true,
  fictional: true,
  // the latest review of each reviewed text: a refusal counts until the field changes again
  textReviews: {
    orderBy: { id: 'desc' },
    distinct: ['field'],
    select: { field: true, status: true, reason: true, decidedAt: true, held: true, text: true },
  },
} satisfies Prisma.ProfileSelect;

export type OwnProfileRow = Prisma.ProfileGetPayload<{ select: typeof OWN_PROFILE_SELECT }>;

/** The own profile: the date of birth goes to its owner only (others see the age). */
export function presentOwnProfile(row: OwnProfileRow, now = new Date()): OwnProfile {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    gender: row.gender,
    seeking_gender: row.seekingGender,
    date_of_birth: row.dateOfBirth.toISOString().slice(0, 10),
    age: ageOn(row.dateOfBirth, now),
    country: row.countryCode,
    region_id: row.regionId,
    city_id: row.cityId,
    region: row.region?.name ?? null,
    city: row.city?.name ?? null,
    ...presentProfileDetails(row),
    invisible: row.invisible,
    privacy_mode: row.privacyMode,
    fictional: row.fictional,
    text_rejections: row.textReviews.flatMap((review) =>
      review.status === 'rejected' && (review.field === 'name' || review.field === 'about')
        ? [
            {
              field: review.field,
              reason: review.reason ?? '',
              decided_at: (review.decidedAt ?? new Date(0)).toISOString(),
            },
          ]
        : [],
    ),
    about_waiting:
      row.textReviews.find(
        (review) => review.field === 'about' && review.status === 'waiting' && review.held,
      )?.text ?? null,
  };
}
