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
import type {
  Gender,
  Prisma,
  PrismaClient,
  Profile,
  ProfileStatus,
  StaffRole,
  User,
  UserStatus,
} from '../../server/src/generated/prisma/client.ts';

/** bcrypt cost of real passwords; tests may pass a lower `passwordCost` (minimum 4). */
export const DEFAULT_PASSWORD_COST = 10;

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

export interface SeedAccountOptions {
  /** Default: member-<random>@vonkje.test. An existing e-mail is updated instead (upsert). */
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
  /** The plain password (null when seeded with passwordHash). */
  password: string | null;
}

export interface SeededMember extends SeededAccount {
  profile: Profile;
  interests: string[];
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

/** Creates or updates (by e-mail) the user row and its notification preferences. */
async function upsertUser(
  tx: Tx,
  email: string,
  passwordHash: string | null,
  options: SeedAccountOptions,
): Promise<User> {
  const status = options.status ?? 'confirmed';
  const data = {
    passwordHash,
    status,
    credits: options.credits ?? 0,
    paidUser: options.paidUser ?? false,
    roles: options.roles ?? [],
    language: options.language ?? 'nl',
  };
  const existing = await tx.user.findUnique({
    where: { email },
    select: { id: true, confirmedAt: true },
  });
  const confirmedAt =
    status === 'not_confirmed' ? null : (existing?.confirmedAt ?? options.signupDate ?? new Date());
  const user = existing
    ? await tx.user.update({ where: { id: existing.id }, data: { ...data, confirmedAt } })
    : await tx.user.create({
        data: { email, ...data, confirmedAt, signupDate: options.signupDate ?? new Date() },
      });
  await tx.notificationPreference.upsert({
    where: { userId: user.id },
    create: { userId: user.id },
    update: {},
  });
  return user;
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

/**
 * A member: user, profile, notification preferences and interests. With an e-mail that exists,
 * the same member is updated to the given values instead (used by the repeatable demo seed).
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
    const user = await upsertUser(tx, email, passwordHash, { ...options, status });
    const profile = await tx.profile.upsert({
      where: { userId: user.id },
      create: { userId: user.id, ...profileData },
      update: profileData,
    });
    await tx.profileInterest.deleteMany({ where: { profileId: profile.id } });
    await tx.profileInterest.createMany({
      data: interests.map((interest) => ({ profileId: profile.id, interestId: interest.id })),
    });
    return { user, profile, password, interests: interests.map((i) => i.slug) };
  });
}

/** A staff account (admin, operator or moderator) without a member profile. */
export async function seedStaff(
  prisma: PrismaClient,
  options: SeedAccountOptions & { roles: StaffRole[] },
): Promise<SeededAccount> {
  const email = (options.email ?? `staff-${token()}@vonkje.test`).toLowerCase();
  const { password, passwordHash } = await passwordFields(options);
  const user = await prisma.$transaction((tx) => upsertUser(tx, email, passwordHash, options));
  return { user, password };
}
