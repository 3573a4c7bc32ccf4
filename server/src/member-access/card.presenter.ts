import type { Prisma } from '../generated/prisma/client';
import type { MainImage } from '@app/contract';
import { ageOn } from '../common/age';
import { ONLINE_MINUTES } from '@app/contract';

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
  lastActiveAt: true,
  privacyMode: true,
  city: { select: { name: true } },
  region: { select: { name: true } },
  mainPhoto: { select: { id: true, filename: true, status: true } },
} satisfies Prisma.ProfileSelect;

export type ProfileCardRow = Prisma.ProfileGetPayload<{ select: typeof PROFILE_CARD_SELECT }>;

/**
 * The public card of a member: only the age is shown, never the date of birth (SPEC point 5);
 * `fictional` is always present so every client labels chat pals. The main image is decided by
 * the photo rule (PhotoPresenter.card presents cards with it).
 */
export function presentProfileCard(row: ProfileCardRow, mainImage: MainImage, now = new Date()) {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.dateOfBirth, now),
    gender: row.gender,
    country: row.countryCode,
    region: row.region?.name ?? null,
    city: row.city?.name ?? null,
    fictional: row.fictional,
    online: now.getTime() - row.lastActiveAt.getTime() < ONLINE_MINUTES * 60_000,
    main_image: mainImage,
  };
}

export type ProfileCard = ReturnType<typeof presentProfileCard>;
