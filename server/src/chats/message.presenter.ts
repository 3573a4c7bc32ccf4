import { Injectable } from '@nestjs/common';
import {
  SCAM_CATEGORIES,
  type ChatMessage,
  type Gift,
  type MessageStatus,
  type ScamCategory,
} from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { MediaSigner } from '../storage';

/** What presenting a message needs of its row. */
export const MESSAGE_SELECT = {
  id: true,
  seq: true,
  conversationId: true,
  senderId: true,
  type: true,
  held: true,
  body: true,
  imageFilename: true,
  imageWidth: true,
  imageHeight: true,
  giftId: true,
  creditsCost: true,
  createdAt: true,
  scamCategories: true,
} satisfies Prisma.MessageSelect;
export type MessageRow = Prisma.MessageGetPayload<{ select: typeof MESSAGE_SELECT }>;

/** Read and delivery markers of one side of a conversation (seqs). */
export interface Markers {
  read: number;
  delivered: number;
}

/** How one member sees the messages of one conversation. */
export interface Side {
  viewerId: number;
  /** The profile id of each participant's account. */
  profileOf: (userId: number) => number;
  /** The viewer's own markers (received messages) and the other member's (the viewer's own). */
  own: Markers;
  other: Markers;
}

/** A member of a conversation: their account and their profile. */
export interface Participant {
  userId: number;
  profileId: number;
}

/** A new message as its sender (`own`) and its recipient (`theirs`) see it. */
export interface SeenByBoth {
  own: ChatMessage;
  theirs: ChatMessage;
}

/** A chat photo's two stored files (`<base>-full.webp`, `<base>-thumb.webp`), WebP. */
export function chatImageFiles(filename: string): { full: string; thumb: string } {
  const base = filename.replace(/-full\.webp$/, '');
  return { full: `${base}-full.webp`, thumb: `${base}-thumb.webp` };
}

/** The full-size file name of a chat image file name, or null for anything else. */
export function chatImageOf(file: string): string | null {
  return /^[A-Za-z0-9_-]{1,60}-(full|thumb)\.webp$/.test(file)
    ? file.replace(/-(full|thumb)\.webp$/, '-full.webp')
    : null;
}

/**
 * A message as one participant sees it (contract chatMessage): `mine`, the credits paid (the
 * sender's only) and the status differ per side. The sender's status: held, then read or
 * delivered by the other member's markers, else sent; the recipient's: by their own markers.
 * A text the send's scan flagged carries `warnings` for its recipient only.
 * Chat photos get signed URLs of the `private` scope, which the chat media route serves only to
 * the conversation's participants.
 */
@Injectable()
export class MessagePresenter {
  constructor(private readonly signer: MediaSigner) {}

  present(row: MessageRow, side: Side, gifts: ReadonlyMap<number, Gift>): ChatMessage {
    const mine = row.senderId === side.viewerId;
    const seq = Number(row.seq);
    return {
      id: row.id,
      seq,
      conversation_id: row.conversationId,
      sender: side.profileOf(row.senderId),
      mine,
      type: row.type,
      text: row.type === 'text' ? row.body : null,
      image: row.type === 'photo' && row.imageFilename ? this.image(row) : null,
      gift: row.giftId === null ? null : (gifts.get(row.giftId) ?? null),
      credits: mine ? row.creditsCost : 0,
      status: statusOf(row.held, seq, mine ? side.other : side.own),
      created_at: row.createdAt.toISOString(),
      // the scan's warning: to the recipient only (the sender sees nothing different)
      ...(mine ? {} : warningsOf(row)),
    };
  }

  /**
   * A message just stored (or just released) as each member sees it: neither has marked it yet.
   * The gifts are read once by the caller, for all the messages it presents.
   */
  presentToBoth(
    row: MessageRow,
    sender: Participant,
    partner: Participant,
    gifts: ReadonlyMap<number, Gift>,
  ): SeenByBoth {
    const profileOf = (id: number) => (id === sender.userId ? sender.profileId : partner.profileId);
    const none = { read: 0, delivered: 0 };
    return {
      own: this.present(row, { viewerId: sender.userId, profileOf, own: none, other: none }, gifts),
      theirs: this.present(
        row,
        { viewerId: partner.userId, profileOf, own: none, other: none },
        gifts,
      ),
    };
  }

  private image(row: MessageRow): ChatMessage['image'] {
    const files = chatImageFiles(row.imageFilename as string);
    return {
      thumb_url: this.signer.url('chat', files.thumb, 'private'),
      full_url: this.signer.url('chat', files.full, 'private'),
      width: row.imageWidth ?? 0,
      height: row.imageHeight ?? 0,
    };
  }
}

/** The recipient's warnings of a text the scan flagged (contract message-scan.ts). */
function warningsOf(row: MessageRow): Pick<ChatMessage, 'warnings'> {
  const categories = (row.type === 'text' && row.body !== null && row.scamCategories) || [];
  const known = categories.filter((c): c is ScamCategory =>
    (SCAM_CATEGORIES as readonly string[]).includes(c),
  );
  return known.length > 0 ? { warnings: known } : {};
}

export function statusOf(held: boolean, seq: number, markers: Markers): MessageStatus {
  if (held) return 'held';
  if (seq <= markers.read) return 'read';
  if (seq <= markers.delivered) return 'delivered';
  return 'sent';
}
