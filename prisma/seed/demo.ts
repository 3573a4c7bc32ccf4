/**
 * Demo members for a developer's database (`npm run db:seed`): the members of
 * prisma/data/demo-members.ts, a demo login and an operator. Keyed by e-mail, so a re-run
 * updates the same rows. Appearance comes from a fixed pseudo-random sequence, so every run
 * gives the same profiles. No photos yet (the photo pipeline comes later).
 */
import bcrypt from 'bcrypt';
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
import {
  DEFAULT_PASSWORD_COST,
  dateOfBirthForAge,
  seedMember,
  seedStaff,
  type ProfileDetails,
} from './member.js';

export const DEMO_LOGIN = { email: 'demo@vonkje.test', password: 'demo1234' } as const;
export const OPERATOR_LOGIN = { email: 'operator@vonkje.test', password: 'operator1234' } as const;
/** Every non-fictional demo member can log in with this password too (chatmaatjes cannot). */
export const DEMO_MEMBER_PASSWORD = 'demo1234';

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
    // spread over the last two days, so "recently active" ordering looks natural
    lastActiveAt: new Date(Date.now() - Math.floor(random() * 48 * 60) * 60_000),
  };
}

export interface DemoCounts {
  members: number;
  fictional: number;
  staff: number;
}

/** The demo members, `demo@vonkje.test` and `operator@vonkje.test`; needs the reference data. */
export async function seedDemo(
  prisma: PrismaClient,
  options: { passwordCost?: number } = {},
): Promise<DemoCounts> {
  const cost = options.passwordCost ?? DEFAULT_PASSWORD_COST;
  const sharedHash = await bcrypt.hash(DEMO_MEMBER_PASSWORD, cost);
  const now = new Date();
  for (const [index, member] of DEMO_MEMBERS.entries()) {
    const random = seeded(index + 1);
    await seedMember(prisma, {
      email: demoMemberEmail(member),
      passwordHash: member.fictional ? null : sharedHash,
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
      profile: demoDetails(member, random),
    });
  }
  await seedMember(prisma, {
    email: DEMO_LOGIN.email,
    password: DEMO_LOGIN.password,
    passwordCost: cost,
    name: 'Demo',
    gender: 'male',
    dateOfBirth: dateOfBirthForAge(35, { now, dayOffset: 100 }),
    city: 'Utrecht',
    credits: 50,
    paidUser: false,
    interests: ['cycling', 'coffee', 'travel', 'dating'],
    profile: {
      about: 'Demo-account om Vonkje uit te proberen.',
      hairColor: 'brown',
      eyeColor: 'blue',
      bodyType: 'normal',
      relationshipStatus: 'single',
      sexuality: 'hetero',
      signupReason: 'dating',
      heightCm: 182,
    },
  });
  await seedStaff(prisma, {
    email: OPERATOR_LOGIN.email,
    password: OPERATOR_LOGIN.password,
    passwordCost: cost,
    roles: ['operator'],
  });
  return {
    members: DEMO_MEMBERS.length + 1,
    fictional: DEMO_MEMBERS.filter((m) => m.fictional).length,
    staff: 1,
  };
}
