import type { MainImage } from '@app/contract';
import { ageOn } from '../common/age';
import { ONLINE_MINUTES } from '@app/contract';
import type { CardColumns, ProfileCardRow } from './card.sql';

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
    // a chat pal is never verified (the database's CHECK says so too)
    verified: row.verified && !row.fictional,
    online: now.getTime() - row.lastActiveAt.getTime() < ONLINE_MINUTES * 60_000,
    main_image: mainImage,
  };
}

export type ProfileCard = ReturnType<typeof presentProfileCard>;

/** A card row as PROFILE_CARD_SELECT reads it, from the columns above. */
export function cardRowOf(row: CardColumns): ProfileCardRow {
  return {
    id: row.profile_id,
    userId: row.profile_user_id,
    name: row.name,
    gender: row.gender,
    dateOfBirth: row.date_of_birth,
    countryCode: row.country_code,
    regionId: row.region_id,
    fictional: row.fictional,
    verified: row.verified,
    lastActiveAt: row.last_active_at,
    privacyMode: row.privacy_mode,
    city: row.city_name === null ? null : { name: row.city_name },
    region: row.region_name === null ? null : { name: row.region_name },
    mainPhoto:
      row.photo_id === null
        ? null
        : {
            id: row.photo_id,
            filename: row.photo_filename as string,
            status: row.photo_status as NonNullable<ProfileCardRow['mainPhoto']>['status'],
          },
  };
}
