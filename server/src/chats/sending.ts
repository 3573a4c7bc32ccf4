import type { SendMessageResponse } from '@app/contract';
import type { MessageType, Prisma, StaffRole } from '../generated/prisma/client';

/** Who sends: the member of the session (or, for an operator's reply, the chat pal). */
export interface Sender {
  userId: number;
  profileId: number;
  paidUser: boolean;
  roles: StaffRole[];
  /** not_confirmed: what they send is held until the e-mail address is confirmed. */
  status: string;
  /** The balance the session read (a photo is refused before it is processed when too low). */
  credits: number;
}

/** The member a send goes to, as the `contact` rule let the sender reach them. */
export interface Partner {
  userId: number;
  profileId: number;
  fictional: boolean;
}

/** Where a send goes: the conversation (null: none yet, the send starts it) and the partner. */
export interface Recipient {
  conversationId: number | null;
  partner: Partner;
}

/** What a send stores, and what it costs. */
export interface Content {
  type: MessageType;
  body?: string;
  giftId?: number;
  image?: { filename: string; width: number; height: number };
  cost: number;
}

/** What a send stored (or, for a repeated key, had stored), and whether it was a repeat. */
export interface Sent {
  answer: SendMessageResponse;
  replayed: boolean;
}

/**
 * An operator's send as the chat pal, once staff-partners has checked the operator's hold of the
 * conversation (the console's lock, which chats never reads): who sends, where, and what the
 * console writes in the send's own transaction (its audit row), so a sent reply always has its
 * row and a failed one has none. Not called for a repeated key (the first send wrote it).
 */
export interface OperatorTurn {
  operatorId: number;
  conversationId: number;
  inTransaction(tx: Prisma.TransactionClient, message: { id: number }): Promise<void>;
}
