import type { ProfileDetails } from '@app/contract';
import type { Prisma } from '../generated/prisma/client';

/** The descriptive fields of a profile (contract `profileDetails`), as every read selects them. */
export const PROFILE_DETAILS_SELECT = {
  sexuality: true,
  hairColor: true,
  eyeColor: true,
  bodyType: true,
  relationshipStatus: true,
  tattoos: true,
  signupReason: true,
  about: true,
  interests: {
    select: { interest: { select: { slug: true } } },
    orderBy: [{ interest: { position: 'asc' } }, { interestId: 'asc' }],
  },
} satisfies Prisma.ProfileSelect;

export type DetailsRow = Prisma.ProfileGetPayload<{ select: typeof PROFILE_DETAILS_SELECT }>;

/** The descriptive fields under their API names: the profile page and the editor alike. */
export function presentProfileDetails(row: DetailsRow): ProfileDetails {
  return {
    sexuality: row.sexuality,
    hair_color: row.hairColor,
    eye_color: row.eyeColor,
    body_type: row.bodyType,
    relationship_status: row.relationshipStatus,
    tattoos: row.tattoos,
    signup_reason: row.signupReason,
    about: row.about,
    interests: row.interests.map((link) => link.interest.slug),
  };
}
