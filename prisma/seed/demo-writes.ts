/**
 * The demo seed's writes of member activity, each exactly as the server's feature writes it:
 * messages through the chat's own insert (server/src/chats/message-writer.sql.ts: seq, the
 * conversation's last message and operator queue, the participants' unread counts), paid for
 * through CreditsService (a ledger row per change, the balance never below zero), a read marker
 * as chat-read.php moves it, a paid payment as the settlement books it (invoice number, ledger
 * row, premium), likes as likes.php stores them.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type {
  LedgerReason,
  Prisma,
  PrismaClient,
} from '../../server/src/generated/prisma/client.ts';
import { insertMessage } from '../../server/src/chats/seeding.js';
import { CreditsService } from '../../server/src/credits/seeding.js';
import { processPhoto } from '../../server/src/photos/seeding.js';
import { queryRows } from '../../server/src/prisma/sql.js';
import { newPhotoBase, type FileStorage } from '../../server/src/storage/seeding.js';
import { avatarPng } from './photos.js';

/** A demo member as the activity needs it. */
export interface Actor {
  userId: number;
  profileId: number;
  fictional: boolean;
}

/** What one message says (a chat photo is drawn from `photoSeed`). */
export type Said =
  { text: string } | { gift: string } | { photoSeed: string; gender: 'male' | 'female' };

const credits = new CreditsService();
const REASON = { text: 'message', photo: 'photo', gift: 'gift' } as const satisfies Record<
  string,
  LedgerReason
>;

/** The conversation of two members, started by `from` when there is none (as a send starts it). */
async function conversationOf(tx: Prisma.TransactionClient, from: Actor, to: Actor) {
  const [low, high] = [from.userId, to.userId].sort((a, b) => a - b);
  const found = await tx.conversation.findUnique({
    where: { userLowId_userHighId: { userLowId: low, userHighId: high } },
    select: { id: true },
  });
  if (found) return found.id;
  const created = await tx.conversation.create({
    data: {
      userLowId: low,
      userHighId: high,
      initiatorId: from.userId,
      participants: { createMany: { data: [{ userId: from.userId }, { userId: to.userId }] } },
    },
    select: { id: true },
  });
  return created.id;
}

/** A chat photo's two files in the `chat` storage, as ChatPhotos stores an upload. */
async function storeChatPhoto(storage: FileStorage, seed: string, gender: 'male' | 'female') {
  const processed = await processPhoto(await avatarPng(seed, { gender, variant: 3 }));
  const thumb = await sharp(processed.files.full)
    .resize(480, 480, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  const base = newPhotoBase();
  await storage.put('chat', `${base}-full.webp`, processed.files.full, 'image/webp');
  await storage.put('chat', `${base}-thumb.webp`, thumb, 'image/webp');
  return { filename: `${base}-full.webp`, width: processed.width, height: processed.height };
}

/** Message prices as the chat settings give them. */
export interface Prices {
  message: number;
  photo: number;
}

/**
 * One message from `from` to `to`, stored and paid as a send stores it; `operatorId`: an
 * operator's reply as the chat pal `from` (free, answers the queue).
 */
export async function send(
  prisma: PrismaClient,
  storage: FileStorage,
  prices: Prices,
  from: Actor,
  to: Actor,
  said: Said,
  key: string,
  operatorId?: number,
): Promise<void> {
  let content: Parameters<typeof insertMessage>[3];
  if ('text' in said) {
    content = { type: 'text', body: said.text, cost: operatorId ? 0 : prices.message };
  } else if ('gift' in said) {
    const gift = await prisma.gift.findUniqueOrThrow({ where: { slug: said.gift } });
    content = { type: 'gift', giftId: gift.id, cost: gift.credits };
  } else {
    const image = await storeChatPhoto(storage, said.photoSeed, said.gender);
    content = { type: 'photo', image, cost: prices.photo };
  }
  await prisma.$transaction(async (tx) => {
    const conversationId = await conversationOf(tx, from, to);
    const [row] = await queryRows<{ id: number }>(
      tx,
      insertMessage(conversationId, from.userId, to, content, { held: false, key, operatorId }),
    );
    if (content.cost > 0) {
      await credits.debit(tx, {
        userId: from.userId,
        amount: content.cost,
        reason: REASON[content.type],
        messageId: row.id,
      });
    }
  });
}

/** `reader` read everything the other member sent in their conversation (chat-read.php). */
export async function readAll(prisma: PrismaClient, reader: Actor, other: Actor): Promise<void> {
  const [low, high] = [reader.userId, other.userId].sort((a, b) => a - b);
  await prisma.$executeRaw`
    WITH c AS (
      SELECT id FROM conversations WHERE user_low_id = ${low}::int AND user_high_id = ${high}::int
    ), top AS (
      SELECT COALESCE(max(seq), 0) AS s FROM messages, c
      WHERE conversation_id = c.id AND sender_id <> ${reader.userId}::int AND NOT held
    )
    UPDATE conversation_participants cp SET
      last_read_seq = GREATEST(cp.last_read_seq, top.s),
      last_delivered_seq = GREATEST(cp.last_delivered_seq, top.s),
      unread_count = 0
    FROM c, top
    WHERE cp.conversation_id = c.id AND cp.user_id = ${reader.userId}::int`;
}

/** Credits an admin gave (a staff adjustment with its ledger row), so a member can write. */
export async function giveCredits(prisma: PrismaClient, userId: number, amount: number) {
  await prisma.$transaction((tx) =>
    credits.credit(tx, { userId, amount, reason: 'adjustment', note: 'Demo-tegoed' }),
  );
}

/**
 * A package bought and paid at `at` by iDEAL with the built-in sandbox provider: the sandbox's
 * own record of it (as its createPayment and checkout leave it) and ours, booked as the
 * settlement books it: paid with an invoice number, its credits with a ledger row naming it,
 * the member premium.
 */
export async function paidPurchase(
  prisma: PrismaClient,
  userId: number,
  packageSlug: string,
  at: Date,
  key: string,
): Promise<void> {
  const pkg = await prisma.creditPackage.findUniqueOrThrow({ where: { slug: packageSlug } });
  const site = await prisma.setting.findUnique({ where: { key: 'name' } });
  const paymentId = `pay_${randomBytes(12).toString('hex')}`;
  await prisma.$transaction(async (tx) => {
    const remote = await tx.sandboxPayment.create({
      data: {
        ref: `sbx_tr_${randomBytes(12).toString('hex')}`,
        amountCents: pkg.priceCents,
        currency: 'EUR',
        description: `${typeof site?.value === 'string' ? site.value : 'Vonkje'}: ${pkg.credits} credits`,
        method: 'ideal',
        status: 'paid',
        sequenceType: 'oneoff',
        idempotencyKey: `${paymentId}-payment`,
        bank: 'ING',
        payerCountry: 'NL',
        createdAt: at,
      },
    });
    const payment = await tx.payment.create({
      data: {
        paymentId,
        providerRef: remote.ref,
        userId,
        packageId: pkg.id,
        method: 'ideal',
        bank: 'ING',
        credits: pkg.credits,
        amountCents: pkg.priceCents,
        currency: 'EUR',
        countryCode: 'NL',
        payerCountry: 'NL',
        provider: 'sandbox',
        idempotencyKey: key,
        createdAt: at,
      },
    });
    const [{ invoice }] = await tx.$queryRaw<{ invoice: bigint }[]>`
      SELECT nextval('invoice_number_seq') AS invoice`;
    await credits.credit(tx, {
      userId,
      amount: pkg.credits,
      reason: 'purchase',
      paymentId: payment.id,
      note: payment.paymentId,
    });
    await tx.user.update({ where: { id: userId }, data: { paidUser: true } });
    await tx.payment.update({
      where: { id: payment.id },
      data: { status: 'paid', creditedAt: at, paidAt: at, invoiceNumber: Number(invoice) },
    });
  });
}

/** A like as likes.php stores it (new until the liked member opens the profile). */
export async function like(
  prisma: PrismaClient,
  liker: Actor,
  liked: Actor,
  createdAt: Date,
  isNew = true,
): Promise<void> {
  await prisma.like.createMany({
    data: [{ likerId: liker.userId, likedId: liked.userId, createdAt, isNew }],
    skipDuplicates: true,
  });
}
