import { Injectable } from '@nestjs/common';
import {
  DB_INT_MAX,
  SUPPORTED_COUNTRIES,
  type OwnProfile,
  type ProfileUpdateInput,
} from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { AppError } from '../common/app-error';
import { checkDateOfBirth, checkProfileName } from '../common/profile-rules';
import { OwnProfileReads } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { SettingsService } from '../settings';
import { recordTextChange } from '../inspection';
import { Realtime } from '../realtime';
import { OWN_PROFILE_SELECT, presentOwnProfile } from './own-profile.presenter';

/** A profile's fields after every rule passed (ProfilesService.check). */
export interface CheckedProfile {
  data: Omit<Prisma.ProfileUncheckedCreateInput, 'userId'>;
  interestIds: number[];
}

/** An id the database could hold (larger ones would make PostgreSQL fail, not answer). */
const isDbId = (id: number) => id >= 1 && id <= DB_INT_MAX;

/** The member's own profile: read it, and save the editor's form in one validated call. */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly ownProfile: OwnProfileReads,
    private readonly settings: SettingsService,
    private readonly realtime: Realtime,
  ) {}

  /** 404 not_found for an account without a profile (staff). */
  async own(userId: number, now = new Date()): Promise<OwnProfile> {
    const row = await this.ownProfile.read(userId, OWN_PROFILE_SELECT);
    if (!row) throw new AppError('not_found');
    return presentOwnProfile(row, now);
  }

  /**
   * Checks every rule first (each with its code and field; nothing is written when one fails),
   * then writes the profile and its interests in one transaction. The profile's status is not
   * touched: saving never activates a profile that is disabled or taken offline.
   */
  async update(userId: number, input: ProfileUpdateInput, now = new Date()): Promise<OwnProfile> {
    const [current, user] = await Promise.all([
      this.ownProfile.read(userId, { id: true, name: true, about: true, fictional: true }),
      this.prisma.user.findUnique({ where: { id: userId }, select: { email: true } }),
    ]);
    if (!current || !user) throw new AppError('not_found');
    const checked = await this.check(input, user.email, now);
    const textsChanged = await this.prisma.$transaction(async (tx) => {
      await this.write(tx, current.id, checked, {
        invisible: input.invisible,
        privacyMode: input.privacy_mode,
      });
      // a changed name or about text is shown at once and waits for a moderator (chat
      // partners' texts are the staff's own)
      if (current.fictional) return false;
      const changed = await Promise.all([
        recordTextChange(tx, current.id, 'name', current.name, checked.data.name),
        recordTextChange(tx, current.id, 'about', current.about, checked.data.about ?? null),
      ]);
      return changed.some(Boolean);
    });
    if (textsChanged) this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'texts' });
    return this.own(userId, now);
  }

  /**
   * Every rule of the editor's fields (each with its code and field; nothing is written when
   * one fails): the profile's data and its interests, ready for `write`. Chat partners go
   * through the same rules (staff-partners).
   */
  async check(
    input: Omit<ProfileUpdateInput, 'invisible' | 'privacy_mode'>,
    email: string | null,
    now = new Date(),
  ): Promise<CheckedProfile> {
    const { min_age } = await this.settings.stored();
    const name = checkProfileName(input.name, email);
    const dateOfBirth = checkDateOfBirth(input.date_of_birth, min_age, now);
    const location = await this.location(input);
    const interestIds = await this.interests(input.interests);
    return {
      data: {
        name,
        gender: input.gender,
        seekingGender: input.seeking_gender,
        dateOfBirth,
        ...location,
        sexuality: input.sexuality,
        hairColor: input.hair_color,
        eyeColor: input.eye_color,
        bodyType: input.body_type,
        relationshipStatus: input.relationship_status,
        tattoos: input.tattoos,
        signupReason: input.signup_reason,
        about: input.about || null,
      },
      interestIds,
    };
  }

  /** Writes a checked profile and its interests (in the caller's transaction). */
  async write(
    tx: Prisma.TransactionClient,
    profileId: number,
    checked: CheckedProfile,
    extra: Prisma.ProfileUncheckedUpdateInput = {},
  ): Promise<void> {
    await tx.profile.update({ where: { id: profileId }, data: { ...checked.data, ...extra } });
    await tx.profileInterest.deleteMany({ where: { profileId } });
    await tx.profileInterest.createMany({
      data: checked.interestIds.map((interestId) => ({ profileId, interestId })),
    });
  }

  /**
   * A supported country; a region of that country (invalid_region on region_id); a city of that
   * region (invalid_city on city_id). A city given without its region brings its region along.
   */
  private async location(input: Pick<ProfileUpdateInput, 'country' | 'region_id' | 'city_id'>) {
    const countryCode = input.country.toUpperCase();
    if (!(SUPPORTED_COUNTRIES as readonly string[]).includes(countryCode)) {
      throw new AppError('validation_failed', {}, 'country');
    }
    let regionId = input.region_id;
    if (regionId !== null) {
      const region = isDbId(regionId)
        ? await this.prisma.region.findUnique({
            where: { id: regionId },
            select: { countryCode: true },
          })
        : null;
      if (region?.countryCode !== countryCode) {
        throw new AppError('invalid_region', {}, 'region_id');
      }
    }
    const cityId = input.city_id;
    if (cityId !== null) {
      const city = isDbId(cityId)
        ? await this.prisma.city.findUnique({
            where: { id: cityId },
            select: { countryCode: true, regionId: true },
          })
        : null;
      if (
        !city ||
        city.countryCode !== countryCode ||
        (regionId !== null && city.regionId !== regionId)
      ) {
        throw new AppError('invalid_city', {}, 'city_id');
      }
      regionId = city.regionId;
    }
    return { countryCode, regionId, cityId };
  }

  /** The ids of the chosen interests (each once); invalid_interest for an unknown slug. */
  private async interests(slugs: readonly string[]): Promise<number[]> {
    const unique = [...new Set(slugs)];
    if (unique.length === 0) return [];
    const known = await this.settings.interests();
    const ids = unique.map((slug) => known.find((interest) => interest.slug === slug)?.id);
    if (ids.some((id) => id === undefined)) {
      throw new AppError('invalid_interest', {}, 'interests');
    }
    return ids as number[];
  }
}
