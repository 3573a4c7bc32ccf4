/**
 * A lived-in demo (issue 24): what the demo member and the staff accounts find after
 * `npm run setup && npm start`. Run once, when the demo login is created (an existing account is
 * never changed, so a second `npm run db:seed` writes nothing): the demo member's three photos, a
 * purchase and credits left, conversations (a match, a chat pal, a photo and a gift, some
 * unread), likes both ways; conversations among other demo members; and work waiting for staff:
 * photos under inspection, an open complaint, members waiting for a chat pal's reply. Every
 * write goes through prisma/seed/demo-writes.ts, which writes what the features write.
 */
import { randomUUID } from 'node:crypto';
import type { PrismaClient } from '../../server/src/generated/prisma/client.ts';
import type { FileStorage } from '../../server/src/storage/seeding.js';
import {
  giveCredits,
  like,
  paidPurchase,
  readAll,
  send,
  type Actor,
  type Prices,
  type Said,
} from './demo-writes.js';
import { seedAvatarPhotos, seedPendingAvatar } from './photos.js';
import { seedDemoPersonas } from './demo-personas.js';

const HOUR = 3_600_000;

/** A demo member with what its avatar needs. */
export type CastMember = Actor & { name: string; gender: 'male' | 'female' };

/** The demo's members by key (prisma/data/demo-members.ts) and the accounts the scenes need. */
export interface Cast {
  members: ReadonlyMap<string, CastMember>;
  demo: Actor;
  operatorId: number;
}

/** A conversation: who writes what, in order; `reply` lines are the other one's. */
interface Scene {
  from: string;
  to: string;
  lines: (Said & { reply?: true; operator?: true })[];
  /** Whether `from` read the last replies (false: they stay unread). */
  fromRead?: boolean;
  /** Whether `to` read what `from` wrote. */
  toRead?: boolean;
}

/** `demo` stands for the demo login. */
const SCENES: readonly Scene[] = [
  {
    from: 'demo',
    to: 'sanne',
    lines: [
      { text: 'Hoi Sanne! Ook zo van fietsen langs de Vecht? Welke route is jouw favoriet?' },
      { reply: true, text: 'Haha, iedere zondag! Via Maarssen naar Breukelen en terug. Jij?' },
      { text: 'Die ken ik! Hier een foto van mijn laatste tocht.' },
      { photoSeed: 'demo-fietstocht', gender: 'male' },
      { gift: 'coffee' },
      { reply: true, text: 'Wat mooi! En dank je voor de koffie ☕' },
      { reply: true, text: 'Zullen we zaterdag samen een rondje doen?' },
    ],
    fromRead: false,
    toRead: true,
  },
  {
    from: 'demo',
    to: 'chatmaatje-lisa',
    lines: [
      { text: 'Hoi Lisa, leuk profiel! Wat doe je graag in het weekend?' },
      {
        reply: true,
        operator: true,
        text: 'Hoi! Wandelen, een terrasje en goede gesprekken. En jij?',
      },
      { text: 'Fietsen en koffie. Ken je een goed adresje in Utrecht?' },
    ],
    fromRead: true,
    toRead: false,
  },
  {
    from: 'emma',
    to: 'demo',
    lines: [
      { text: 'Hoi! Ik zag dat jij ook van reizen houdt. Waar ben je het laatst geweest?' },
      { text: 'Ik ben net terug uit Lissabon, echt een aanrader.' },
    ],
    toRead: false,
  },
  {
    from: 'demo',
    to: 'lotte',
    lines: [
      { text: 'Hoi Lotte, welk festival mag ik deze zomer niet missen?' },
      { reply: true, text: 'Lowlands natuurlijk! Ben jij er ook?' },
      { text: 'Nog nooit geweest, misschien dit jaar!' },
    ],
    fromRead: true,
    toRead: false,
  },
  // among other demo members: lists and counts look real
  {
    from: 'daan',
    to: 'fleur',
    lines: [
      { text: 'Hardlopen langs de Maas? Ik doe mee!' },
      { reply: true, text: 'Top, zondag om negen uur bij de Erasmusbrug?' },
      { text: 'Ik ben er!' },
    ],
    fromRead: true,
    toRead: true,
  },
  {
    from: 'thijs',
    to: 'anouk',
    lines: [
      { text: 'Hoi Anouk, leuk dat je ook van koken houdt. Wat is je specialiteit?' },
      { reply: true, text: 'Risotto! En jij?' },
    ],
    fromRead: false,
    toRead: true,
  },
  { from: 'bram', to: 'iris', lines: [{ text: 'Hoi Iris, zin in een kop koffie deze week?' }] },
  // members waiting for a chat pal's reply: the operators' queue
  {
    from: 'ruben',
    to: 'chatmaatje-eva',
    lines: [{ text: 'Hoi Eva, hoe was je dag?' }],
  },
  {
    from: 'kim',
    to: 'chatmaatje-tom',
    lines: [
      { text: 'Hoi Tom! Wat voor muziek luister jij?' },
      { reply: true, operator: true, text: 'Van alles, maar vooral jazz. Jij?' },
      { text: 'Pop en een beetje klassiek. Ga je wel eens naar concerten?' },
    ],
    fromRead: true,
  },
];

/** Who likes whom (`demo` the demo login); sanne and demo like each other: a match. */
const LIKES: readonly [string, string, number][] = [
  ['demo', 'sanne', 30],
  ['sanne', 'demo', 28],
  ['demo', 'emma', 20],
  ['lotte', 'demo', 6],
  ['julia', 'demo', 3],
  ['nina', 'demo', 1],
  ['daan', 'fleur', 50],
  ['fleur', 'daan', 49],
];

/** Members whose new photo waits for a moderator, and the open complaint. */
const PENDING_PHOTOS = ['iris', 'sem', 'nina'] as const;

export interface LifeCounts {
  conversations: number;
  messages: number;
  likes: number;
  pendingPhotos: number;
  complaints: number;
}

/**
 * The scenes, the likes, the purchase and the staff's work, for a demo login created now
 * (`now`: the seed's time). Everything here is new rows: call it only once per database.
 */
export async function seedDemoLife(
  prisma: PrismaClient,
  storage: FileStorage,
  cast: Cast,
  now: Date,
): Promise<LifeCounts> {
  const actor = (key: string) => {
    if (key === 'demo') return cast.demo;
    const found = cast.members.get(key);
    if (!found) throw new Error(`demo life: no demo member ${key}`);
    return found;
  };
  const demoProfile = await prisma.profile.findUniqueOrThrow({
    where: { id: cast.demo.profileId },
  });
  await seedAvatarPhotos(
    prisma,
    storage,
    { id: demoProfile.id, name: demoProfile.name, gender: demoProfile.gender, hairColor: 'brown' },
    3,
  );
  await paidPurchase(
    prisma,
    cast.demo.userId,
    'plus',
    new Date(now.getTime() - 3 * 24 * HOUR),
    randomUUID(),
  );
  const prices = await chatPrices(prisma);
  // members writing besides the demo login: credits from an admin, booked in the ledger
  const writers = new Set(
    SCENES.flatMap((s) => [s.from, s.to]).filter((key) => key !== 'demo' && !actor(key).fictional),
  );
  for (const key of writers) await giveCredits(prisma, actor(key).userId, 200);

  let messages = 0;
  for (const [index, scene] of SCENES.entries()) {
    const from = actor(scene.from);
    const to = actor(scene.to);
    for (const [line, said] of scene.lines.entries()) {
      const [sender, recipient] = said.reply ? [to, from] : [from, to];
      await send(
        prisma,
        storage,
        prices,
        sender,
        recipient,
        said,
        `demo-${index}-${line}`,
        said.operator ? cast.operatorId : undefined,
      );
      messages += 1;
    }
    if (scene.fromRead) await readAll(prisma, from, to);
    if (scene.toRead) await readAll(prisma, to, from);
  }
  for (const [liker, liked, hoursAgo] of LIKES) {
    await like(prisma, actor(liker), actor(liked), new Date(now.getTime() - hoursAgo * HOUR));
  }
  for (const [index, key] of PENDING_PHOTOS.entries()) {
    const member = cast.members.get(key);
    if (!member) continue;
    await seedPendingAvatar(
      prisma,
      storage,
      { id: member.profileId, name: member.name, gender: member.gender, hairColor: null },
      new Date(now.getTime() - (index + 1) * 40 * 60_000),
    );
  }
  await openComplaint(prisma, actor('fleur'), actor('kees'), new Date(now.getTime() - 2 * HOUR));
  await seedDemoPersonas(prisma, actor('chatmaatje-lisa'), cast.demo, cast.operatorId);
  return {
    conversations: SCENES.length,
    messages,
    likes: LIKES.length,
    pendingPhotos: PENDING_PHOTOS.length,
    complaints: 1,
  };
}

/** The chat's prices as its settings give them (message_credits, photo_credits). */
async function chatPrices(prisma: PrismaClient): Promise<Prices> {
  const rows = await prisma.setting.findMany({
    where: { key: { in: ['message_credits', 'photo_credits'] } },
  });
  const value = (key: string, fallback: number) => {
    const found = rows.find((r) => r.key === key)?.value;
    return typeof found === 'number' ? found : Number(found ?? fallback) || fallback;
  };
  return { message: value('message_credits', 10), photo: value('photo_credits', 15) };
}

/** A member's complaint about another member, open, with the snapshot complaints.php keeps. */
async function openComplaint(prisma: PrismaClient, reporter: Actor, reported: Actor, at: Date) {
  const profile = await prisma.profile.findUniqueOrThrow({ where: { id: reported.profileId } });
  await prisma.complaint.create({
    data: {
      about: 'member',
      reporterId: reporter.userId,
      reportedUserId: reported.userId,
      reportedContent: {
        kind: 'member',
        profile_id: profile.id,
        name: profile.name,
        about: profile.about,
      },
      subject: 'Vervelende berichten',
      message: 'Hij blijft mij berichten sturen nadat ik heb gezegd dat ik geen interesse heb.',
      createdAt: at,
    },
  });
}
