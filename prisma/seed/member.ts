/**
 * Members and staff for the demo seed, integration tests and Playwright: unique random e-mail
 * and name unless given, so tests running in parallel never collide (STYLE practice 8).
 * Needs the reference data (countries, regions, cities, interests) for locations and interests.
 *
 * This file has no relative runtime imports, so jest (CommonJS, no `.js` mapping) can load it
 * directly: `import { seedMember } from '../../prisma/seed/member'`.
 */
import { randomBytes, randomInt } from 'node:crypto';
import bcrypt from 'bcrypt';
import { LEGAL_DOCUMENTS, currentLegalVersion, type LegalDocument } from '@app/contract';
import type {
  Gender,
  NotificationDisabledReason,
  Prisma,
  PrismaClient,
  Profile,
  ProfileStatus,
  StaffRole,
  User,
  UserStatus,
} from '../../server/src/generated/prisma/client.ts';

/**
 * bcrypt cost of seeded passwords: the server's production cost (BCRYPT_COST default). Tests may
 * pass a lower `passwordCost` (minimum 4).
 */
export const DEFAULT_PASSWORD_COST = 12;

/** Optional profile fields (appearance, texts) under their Prisma names. */
export type ProfileDetails = Partial<
  Pick<
    Prisma.ProfileUncheckedCreateInput,
    | 'hairColor'
    | 'eyeColor'
    | 'bodyType'
    | 'relationshipStatus'
    | 'tattoos'
    | 'sexuality'
    | 'signupReason'
    | 'signupMessage'
    | 'about'
    | 'heightCm'
    | 'invisible'
    | 'privacyMode'
    | 'lastActiveAt'
  >
>;

/**
 * Account fields. They apply when the account is created: an account that already exists (same
 * e-mail) keeps its password hash, status, credits, paid flag, roles and language, so a re-seed
 * never resets what a member or staff changed (a new password, a ban, bought credits, a role).
 */
export interface SeedAccountOptions {
  /** Default: member-<random>@vonkje.test. */
  email?: string;
  /** Plain password, returned as `password`. Default: random. */
  password?: string;
  /** Precomputed bcrypt hash (e.g. shared by many demo members), or null for no password. */
  passwordHash?: string | null;
  passwordCost?: number;
  /** Default confirmed. */
  status?: UserStatus;
  credits?: number;
  paidUser?: boolean;
  roles?: StaffRole[];
  language?: string;
  /** Only used when the user is created. Default: now. */
  signupDate?: Date;
  /** Why no e-mail reaches the member (bounce, fbl, listunsubscribe). Default: none. */
  notificationsDisabled?: NotificationDisabledReason[];
  /**
   * Only used when the user is created: the versions of the terms and privacy statement in
   * force accepted at signup (the consent log), as a signup records them. Default true; false
   * leaves none on record (the member is asked at the next page load); a map names the version
   * accepted per document (an older one: the member is asked for the one in force).
   */
  acceptedLegal?: boolean | Partial<Record<LegalDocument, string>>;
}

export interface SeedMemberOptions extends SeedAccountOptions {
  /** Profile name. Default: Lid<random>. */
  name?: string;
  /** Default: active when status is confirmed, otherwise disabled. */
  profileStatus?: ProfileStatus;
  fictional?: boolean;
  /** Default: random. */
  gender?: Gender;
  /** Default: the other gender; null for no preference. */
  seekingGender?: Gender | null;
  /** Wins over `age`. */
  dateOfBirth?: Date;
  /** Default: random 20-60. */
  age?: number;
  /** ISO code of a seeded country. Default NL. */
  country?: string;
  /** Region code (e.g. 'UT') or English name; default the city's region, else none. */
  region?: string;
  /** City name as seeded (e.g. 'Utrecht', 'Den Haag'); default none. */
  city?: string;
  /** Interest slugs (prisma/data/interests.ts). */
  interests?: readonly string[];
  profile?: ProfileDetails;
}

export interface SeededAccount {
  user: User;
  /**
   * The plain password: null when seeded with passwordHash, and when the account already
   * existed (it keeps its own password).
   */
  password: string | null;
}

export interface SeededMember extends SeededAccount {
  profile: Profile;
  interests: string[];
  /** The account was made now (false: it existed and was kept). */
  created: boolean;
}

type Tx = Prisma.TransactionClient;

/**
 * A date of birth giving exactly `age` years on `now` (UTC dates): `dayOffset` (1-360, default
 * random) days before the birthday `age` years ago.
 */
export function dateOfBirthForAge(
  age: number,
  options: { now?: Date; dayOffset?: number } = {},
): Date {
  const now = options.now ?? new Date();
  const dayOffset = options.dayOffset ?? randomInt(1, 361);
  if (dayOffset < 1 || dayOffset > 360) throw new Error('dayOffset must be 1-360');
  const birthday = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
  return new Date(birthday - dayOffset * 86_400_000);
}

function token(): string {
  return randomBytes(6).toString('hex');
}

async function passwordFields(
  options: SeedAccountOptions,
): Promise<{ password: string | null; passwordHash: string | null }> {
  if (options.passwordHash !== undefined) {
    return { password: options.password ?? null, passwordHash: options.passwordHash };
  }
  const password = options.password ?? `pw-${token()}`;
  const cost = options.passwordCost ?? DEFAULT_PASSWORD_COST;
  return { password, passwordHash: await bcrypt.hash(password, cost) };
}

/**
 * The user row of `email` and its notification preferences: created from `options`, or, when
 * the e-mail already has an account, that account as it is (see SeedAccountOptions).
 */
async function upsertUser(
  tx: Tx,
  email: string,
  passwordHash: string | null,
  options: SeedAccountOptions,
): Promise<{ user: User; created: boolean }> {
  const existing = await tx.user.findUnique({ where: { email } });
  const status = options.status ?? 'confirmed';
  const user =
    existing ??
    (await tx.user.create({
      data: {
        email,
        passwordHash,
        status,
        credits: options.credits ?? 0,
        paidUser: options.paidUser ?? false,
        roles: options.roles ?? [],
        language: options.language ?? 'nl',
        signupDate: options.signupDate ?? new Date(),
        confirmedAt: status === 'not_confirmed' ? null : (options.signupDate ?? new Date()),
        notificationsDisabled: options.notificationsDisabled ?? [],
      },
    }));
  const accepted = options.acceptedLegal ?? true;
  if (!existing && accepted !== false) {
    await tx.memberConsent.createMany({
      data: LEGAL_DOCUMENTS.flatMap((document) => {
        const version = accepted === true ? currentLegalVersion(document).id : accepted[document];
        return version
          ? [
              {
                userId: user.id,
                subject: document,
                version,
                source: 'seed',
                createdAt: user.signupDate,
              },
            ]
          : [];
      }),
    });
  }
  // created only when missing: an update, even an empty one, would touch updated_at
  if (!(await tx.notificationPreference.findUnique({ where: { userId: user.id } }))) {
    await tx.notificationPreference.create({ data: { userId: user.id } });
  }
  return { user, created: existing === null };
}

async function resolveLocation(
  prisma: PrismaClient,
  options: SeedMemberOptions,
): Promise<{ countryCode: string; regionId: number | null; cityId: number | null }> {
  const countryCode = (options.country ?? 'NL').toUpperCase();
  let regionId: number | null = null;
  if (options.region !== undefined) {
    const region = await prisma.region.findFirst({
      where: {
        countryCode,
        OR: [{ code: options.region }, { name: { equals: options.region, mode: 'insensitive' } }],
      },
      select: { id: true },
    });
    if (!region) throw new Error(`seedMember: no region ${options.region} in ${countryCode}`);
    regionId = region.id;
  }
  if (options.city === undefined) return { countryCode, regionId, cityId: null };
  const city = await prisma.city.findFirst({
    where: { countryCode, name: options.city, ...(regionId === null ? {} : { regionId }) },
    orderBy: { id: 'asc' },
    select: { id: true, regionId: true },
  });
  if (!city) throw new Error(`seedMember: no city ${options.city} in ${countryCode}`);
  return { countryCode, regionId: city.regionId, cityId: city.id };
}

async function resolveInterests(prisma: PrismaClient, slugs: readonly string[]) {
  if (slugs.length === 0) return [];
  const found = await prisma.interest.findMany({
    where: { slug: { in: [...slugs] } },
    select: { id: true, slug: true },
  });
  const missing = slugs.filter((slug) => !found.some((f) => f.slug === slug));
  if (missing.length > 0) throw new Error(`seedMember: unknown interests ${missing.join(', ')}`);
  return found;
}

/** Whether any given field differs from the stored row (dates by their time). */
function differs(stored: object, wanted: object): boolean {
  const row = stored as Record<string, unknown>;
  return Object.entries(wanted).some(([key, value]) => {
    if (value === undefined) return false;
    const had = row[key];
    if (value instanceof Date && had instanceof Date) return value.getTime() !== had.getTime();
    return had !== value;
  });
}

/**
 * A member: user, profile, notification preferences and interests. With an e-mail that exists,
 * the account is kept as it is (SeedAccountOptions) and the profile and interests are updated to
 * the given values, except the profile's status (staff may have hidden it): the repeatable demo
 * seed.
 */
export async function seedMember(
  prisma: PrismaClient,
  options: SeedMemberOptions = {},
): Promise<SeededMember> {
  const random = token();
  const email = (options.email ?? `member-${random}@vonkje.test`).toLowerCase();
  const gender = options.gender ?? (randomInt(2) === 0 ? 'female' : 'male');
  const seekingGender =
    options.seekingGender !== undefined
      ? options.seekingGender
      : gender === 'female'
        ? 'male'
        : 'female';
  const dateOfBirth = options.dateOfBirth ?? dateOfBirthForAge(options.age ?? randomInt(20, 61));
  const status = options.status ?? 'confirmed';
  const [{ password, passwordHash }, location, interests] = await Promise.all([
    passwordFields(options),
    resolveLocation(prisma, options),
    resolveInterests(prisma, options.interests ?? []),
  ]);
  const profileData = {
    name: options.name ?? `Lid${random.slice(0, 8)}`,
    status: options.profileStatus ?? (status === 'confirmed' ? 'active' : 'disabled'),
    gender,
    seekingGender,
    dateOfBirth,
    ...location,
    fictional: options.fictional ?? false,
    ...options.profile,
  } satisfies Omit<Prisma.ProfileUncheckedCreateInput, 'userId'>;

  return prisma.$transaction(async (tx) => {
    const { user, created } = await upsertUser(tx, email, passwordHash, { ...options, status });
    const { status: _moderated, ...profileUpdate } = profileData;
    const existing = await tx.profile.findUnique({
      where: { userId: user.id },
      include: { interests: { select: { interestId: true } } },
    });
    // a re-seed writes only what differs, so seeding twice leaves every row as it was
    const profile =
      existing === null
        ? await tx.profile.create({ data: { userId: user.id, ...profileData } })
        : differs(existing, profileUpdate)
          ? await tx.profile.update({ where: { id: existing.id }, data: profileUpdate })
          : existing;
    const had = (existing?.interests ?? []).map((i) => i.interestId).sort((a, b) => a - b);
    const wanted = interests.map((i) => i.id).sort((a, b) => a - b);
    if (had.join() !== wanted.join()) {
      await tx.profileInterest.deleteMany({ where: { profileId: profile.id } });
      await tx.profileInterest.createMany({
        data: wanted.map((interestId) => ({ profileId: profile.id, interestId })),
      });
    }
    return {
      user,
      profile,
      password: created ? password : null,
      interests: interests.map((i) => i.slug),
      created,
    };
  });
}

/**
 * A staff account (admin, operator or moderator) without a member profile. An existing account
 * of that e-mail is kept as it is (SeedAccountOptions): use addStaffRole to give it a role.
 */
export async function seedStaff(
  prisma: PrismaClient,
  options: SeedAccountOptions & { roles: StaffRole[] },
): Promise<SeededAccount> {
  const email = (options.email ?? `staff-${token()}@vonkje.test`).toLowerCase();
  const { password, passwordHash } = await passwordFields(options);
  const { user, created } = await prisma.$transaction((tx) =>
    upsertUser(tx, email, passwordHash, options),
  );
  return { user, password: created ? password : null };
}

/** createStaffAccount and addStaffRole refuse what would silently change an account. */
export class StaffAccountError extends Error {}

/**
 * A new staff account with the given password (hashed at `passwordCost`). Refuses an e-mail
 * that already has an account, member or staff: a role is never added by accident.
 */
export async function createStaffAccount(
  prisma: PrismaClient,
  options: {
    email: string;
    password: string;
    roles: StaffRole[];
    staffName?: string;
    passwordCost?: number;
  },
): Promise<User> {
  const email = options.email.trim().toLowerCase();
  const passwordHash = await bcrypt.hash(
    options.password,
    options.passwordCost ?? DEFAULT_PASSWORD_COST,
  );
  return prisma.$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email }, select: { id: true } })) {
      throw new StaffAccountError(
        `${email} already has an account; to give it a staff role, use --add-role`,
      );
    }
    const now = new Date();
    const user = await tx.user.create({
      data: {
        email,
        passwordHash,
        status: 'confirmed',
        confirmedAt: now,
        signupDate: now,
        roles: options.roles,
        staffName: options.staffName ?? null,
      },
    });
    await tx.notificationPreference.create({ data: { userId: user.id } });
    return user;
  });
}

/** Adds `role` to the existing account of `email`; its password and everything else stay. */
export async function addStaffRole(
  prisma: PrismaClient,
  email: string,
  role: StaffRole,
): Promise<{ user: User; added: boolean }> {
  const address = email.trim().toLowerCase();
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email: address } });
    if (!user) throw new StaffAccountError(`${address} has no account`);
    if (user.roles.includes(role)) return { user, added: false };
    const updated = await tx.user.update({
      where: { id: user.id },
      data: { roles: { push: role } },
    });
    return { user: updated, added: true };
  });
}
