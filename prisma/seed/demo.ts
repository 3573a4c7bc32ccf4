/**
 * Demo members for a developer's database (`npm run db:seed`): the members of
 * prisma/data/demo-members.ts, a demo login and staff logins (operator, moderator, admin), all
 * with public passwords: never
 * on a live site (demoSeedDecision). Keyed by e-mail: a re-run updates the same profiles and
 * keeps the accounts as they are (password, status, roles, credits). Appearance comes from a
 * fixed pseudo-random sequence, so every run gives the same profiles. Most get one to three
 * illustrated avatar photos (prisma/seed/photos.ts), approved.
 */
import type {
  BodyType,
  EyeColor,
  HairColor,
  PrismaClient,
  RelationshipStatus,
  Sexuality,
  SignupReason,
} from '../../server/src/generated/prisma/client.ts';
import { DEMO_MEMBERS, type DemoMember } from '../data/demo-members.js';
import { OPERATOR_LOGIN, MODERATOR_LOGIN, ADMIN_LOGIN, DEMO_LOGIN } from './demo-logins.js';
import { dateOfBirthForAge, seedMember, seedStaff, type ProfileDetails } from './member.js';
import { seedDemoLife, type CastMember, type LifeCounts } from './demo-life.js';
import { seedAvatarPhotos, storageFromEnv } from './photos.js';

export { ADMIN_LOGIN, DEMO_LOGIN, MODERATOR_LOGIN, OPERATOR_LOGIN } from './demo-logins.js';
/** Every non-fictional demo member can log in with this password too (chatmaatjes cannot). */
export const DEMO_MEMBER_PASSWORD = 'demo1234';

/**
 * bcrypt hashes (cost 12, the server's production cost) of DEMO_MEMBER_PASSWORD, which is also
 * DEMO_LOGIN's, and of the staff logins' passwords, made once, so seeding hashes nothing.
 */
const DEMO_PASSWORD_HASH = '$2b$12$Ih8kdO.hy0iP2vO.UXRoAOFwHN6C.DVTgWESJoICNJZRSP4Nb4wJG';
const OPERATOR_PASSWORD_HASH = '$2b$12$RQGMEVpnuuw1EzH578zmXO6GwkwbhgOzA199Uau2kx6inOwheZhz2';
const MODERATOR_PASSWORD_HASH = '$2b$12$N4CvZCr0cqJOWuCLImgaY.xDCh/E6uSGJ82y5sm/45uoJhxF4GHOG';
const ADMIN_PASSWORD_HASH = '$2b$12$g4o8iwQqXjf6.49Qf45imucIrdTrTlO6rAGvNOF5MncWi0NPObJya';

/** Whether `npm run db:seed` adds the demo accounts, and why (printed by the seed). */
export interface DemoSeedDecision {
  seed: boolean;
  reason: string;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean | undefined {
  const value = env[name]?.trim().toLowerCase();
  if (value === undefined || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`${name} must be true or false, not "${env[name]}"`);
}

/**
 * Demo accounts have public passwords, so: SEED_DEMO=false skips them anywhere; with
 * NODE_ENV=production they are seeded only when ALLOW_DEMO_SEED=true as well (and SEED_DEMO is
 * not false); otherwise (a developer's or a test database) they are seeded.
 */
export function demoSeedDecision(env: NodeJS.ProcessEnv = process.env): DemoSeedDecision {
  const wanted = flag(env, 'SEED_DEMO');
  const allowed = flag(env, 'ALLOW_DEMO_SEED');
  if (wanted === false) return { seed: false, reason: 'SEED_DEMO=false' };
  if (env.NODE_ENV === 'production' && allowed !== true) {
    return {
      seed: false,
      reason:
        'NODE_ENV=production: demo accounts have public passwords and are only seeded with ' +
        'ALLOW_DEMO_SEED=true',
    };
  }
  return {
    seed: true,
    reason:
      env.NODE_ENV === 'production'
        ? 'ALLOW_DEMO_SEED=true'
        : `NODE_ENV=${env.NODE_ENV ?? 'development'}`,
  };
}

export function demoMemberEmail(member: Pick<DemoMember, 'key'>): string {
  return `${member.key}@demo.vonkje.test`;
}

/** mulberry32: a small seeded generator, so the demo profiles are the same on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)];
}

const HAIR: readonly HairColor[] = [
  'brunette',
  'blond',
  'brown',
  'black',
  'dark_blond',
  'dark_brown',
  'red',
];
const EYES: readonly EyeColor[] = ['blue', 'green', 'hazel', 'brown', 'gray'];
const BODY: readonly BodyType[] = ['slim', 'normal', 'normal', 'fat'];
const REASONS: readonly SignupReason[] = [
  'relationship',
  'friendship',
  'dating',
  'flirting',
  'chatting',
];

function demoDetails(member: DemoMember, random: () => number): ProfileDetails {
  const older = member.age >= 45;
  const relationship: RelationshipStatus = pick(
    random,
    older ? ['divorced', 'single', 'widowed', 'divorced'] : ['single', 'single', 'unmarried'],
  );
  const sexuality: Sexuality = random() < 0.9 ? 'hetero' : 'bi';
  return {
    hairColor: older && random() < 0.3 ? 'gray' : pick(random, HAIR),
    eyeColor: pick(random, EYES),
    bodyType: pick(random, BODY),
    relationshipStatus: relationship,
    tattoos: random() < 0.3,
    sexuality,
    signupReason: member.fictional ? 'chatting' : pick(random, REASONS),
    about: member.about,
    heightCm:
      member.gender === 'female'
        ? 158 + Math.floor(random() * 24)
        : 170 + Math.floor(random() * 26),
  };
}

/**
 * When a new demo member was last active: every fourth online now (within ONLINE_MINUTES of the
 * seed), the others spread over the last two days, so search, its online filter and the swipe
 * game look alive. Set only when the member is created: a re-seed changes nothing.
 */
function lastActive(index: number, random: () => number, now: Date): Date {
  const minutes = index % 4 === 0 ? Math.floor(random() * 4) : 10 + Math.floor(random() * 48 * 60);
  return new Date(now.getTime() - minutes * 60_000);
}

export interface DemoCounts {
  members: number;
  fictional: number;
  staff: number;
  /** Avatar photos added (0 on a re-seed). */
  photos: number;
  /** The demo login's activity and the staff's waiting work, when the demo login was created. */
  life: LifeCounts | null;
}

/**
 * The demo members, `demo@vonkje.test` and the staff logins; needs the reference data. When the
 * demo login is new, its activity and the staff's waiting work too (demo-life.ts).
 * Call it only when demoSeedDecision says so.
 */
export async function seedDemo(prisma: PrismaClient): Promise<DemoCounts> {
  const now = new Date();
  const storage = storageFromEnv();
  let photos = 0;
  const members = new Map<string, CastMember>();
  for (const [index, member] of DEMO_MEMBERS.entries()) {
    const random = seeded(index + 1);
    const details = demoDetails(member, random);
    const seededMember = await seedMember(prisma, {
      email: demoMemberEmail(member),
      passwordHash: member.fictional ? null : DEMO_PASSWORD_HASH,
      name: member.name,
      gender: member.gender,
      dateOfBirth: dateOfBirthForAge(member.age, {
        now,
        dayOffset: 1 + Math.floor(random() * 360),
      }),
      city: member.city,
      interests: member.interests,
      fictional: member.fictional ?? false,
      signupDate: new Date(now.getTime() - (index * 3 + 1) * 86_400_000),
      profile: details,
    });
    members.set(member.key, {
      userId: seededMember.user.id,
      profileId: seededMember.profile.id,
      fictional: member.fictional ?? false,
      name: member.name,
      gender: member.gender,
    });
    if (seededMember.created) {
      await prisma.profile.update({
        where: { id: seededMember.profile.id },
        data: { lastActiveAt: lastActive(index, random, now) },
      });
    }
    // one to three illustrated avatars (most members have photos; a few have none)
    if (index % 7 !== 6) {
      photos += await seedAvatarPhotos(
        prisma,
        storage,
        {
          id: seededMember.profile.id,
          name: member.name,
          gender: member.gender,
          hairColor: details.hairColor ?? null,
        },
        1 + (index % 3),
      );
    }
  }
  const demo = await seedMember(prisma, {
    email: DEMO_LOGIN.email,
    passwordHash: DEMO_PASSWORD_HASH,
    name: 'Demo',
    gender: 'male',
    dateOfBirth: dateOfBirthForAge(35, { now, dayOffset: 100 }),
    city: 'Utrecht',
    // credits come from the seeded purchase (demo-life.ts), booked in the ledger
    credits: 0,
    paidUser: false,
    interests: ['cycling', 'coffee', 'travel', 'dating', 'music', 'humor'],
    profile: {
      about:
        'Demo-account om Vonkje uit te proberen. Fietser, koffieliefhebber en altijd in voor ' +
        'een goed gesprek of een weekendje weg.',
      hairColor: 'brown',
      eyeColor: 'blue',
      bodyType: 'normal',
      relationshipStatus: 'single',
      sexuality: 'hetero',
      signupReason: 'dating',
      heightCm: 182,
    },
  });
  const operator = await seedStaff(prisma, {
    email: OPERATOR_LOGIN.email,
    passwordHash: OPERATOR_PASSWORD_HASH,
    roles: ['operator'],
  });
  await seedStaff(prisma, {
    email: MODERATOR_LOGIN.email,
    passwordHash: MODERATOR_PASSWORD_HASH,
    roles: ['moderator'],
  });
  await seedStaff(prisma, {
    email: ADMIN_LOGIN.email,
    passwordHash: ADMIN_PASSWORD_HASH,
    roles: ['admin'],
  });
  const life = demo.created
    ? await seedDemoLife(
        prisma,
        storage,
        {
          members,
          demo: { userId: demo.user.id, profileId: demo.profile.id, fictional: false },
          operatorId: operator.user.id,
        },
        now,
      )
    : null;
  return {
    members: DEMO_MEMBERS.length + 1,
    fictional: DEMO_MEMBERS.filter((m) => m.fictional).length,
    staff: 3,
    photos,
    life,
  };
}
