/**
 * The pure parts of a conversation: merging messages without duplicates, the status a sender
 * sees, day separators, the send key of a message and keeping the scroll position.
 */
import type { ChatMessage, MessageStatus } from '@app/contract';

/** seq order (the order the recipient got them in), then id for equal seqs. */
function compareMessages(a: ChatMessage, b: ChatMessage): number {
  return a.seq - b.seq || a.id - b.id;
}

/**
 * Upserts `incoming` into `current` by message id (a message may arrive by socket, by catch-up
 * and again with a new seq after its release: it is shown once, in its newest form) and keeps
 * them in seq order. Returns `current` itself when nothing changed.
 */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  let changed = false;
  for (const message of incoming) {
    const held = byId.get(message.id);
    if (!held || held.seq !== message.seq || held.status !== message.status) {
      byId.set(message.id, message);
      changed = true;
    }
  }
  if (!changed) return current as ChatMessage[];
  return [...byId.values()].sort(compareMessages);
}

/** The highest seq held (0 for none): where a catch-up starts. */
export function highestSeq(messages: readonly ChatMessage[]): number {
  let highest = 0;
  for (const message of messages) if (message.seq > highest) highest = message.seq;
  return highest;
}

/** The highest seq of the other member's messages (what a read or delivery marker covers). */
export function highestReceivedSeq(messages: readonly ChatMessage[]): number {
  let highest = 0;
  for (const message of messages) if (!message.mine && message.seq > highest) highest = message.seq;
  return highest;
}

const STATUS_RANK: Record<MessageStatus, number> = { held: 0, sent: 1, delivered: 2, read: 3 };

/**
 * What the sender sees of an own message: its stored status, raised by the other member's
 * markers (a seq up to `readSeq` is read, up to `deliveredSeq` delivered). Held stays held.
 */
export function ownStatus(
  message: Pick<ChatMessage, 'seq' | 'status'>,
  readSeq: number,
  deliveredSeq: number,
): MessageStatus {
  if (message.status === 'held') return 'held';
  let status: MessageStatus = message.status;
  const raise = (to: MessageStatus) => {
    if (STATUS_RANK[to] > STATUS_RANK[status]) status = to;
  };
  if (message.seq <= deliveredSeq) raise('delivered');
  if (message.seq <= readSeq) raise('read');
  return status;
}

export type TimelineItem =
  { kind: 'day'; key: string; date: Date } | { kind: 'message'; key: string; message: ChatMessage };

/** The local calendar day of a moment, as a key ("2026-11-24"). */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The messages with a day separator before the first message of each local day. */
export function withDaySeparators(messages: readonly ChatMessage[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  let previous = '';
  for (const message of messages) {
    const date = new Date(message.created_at);
    const day = dayKey(date);
    if (day !== previous) {
      items.push({ kind: 'day', key: `day-${day}`, date });
      previous = day;
    }
    items.push({ kind: 'message', key: `m-${message.id}`, message });
  }
  return items;
}

/** How a separator names its day: today, yesterday, or the date. */
export function dayLabel(
  date: Date,
  now: Date,
): { kind: 'today' | 'yesterday' } | { kind: 'date'; date: Date } {
  const today = dayKey(now);
  if (dayKey(date) === today) return { kind: 'today' };
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(date) === dayKey(yesterday)) return { kind: 'yesterday' };
  return { kind: 'date', date };
}

/**
 * What a send is: the same payload sent again is the same message, with the same
 * Idempotency-Key (api/idempotency.ts: a photo is the same only as the very same file).
 */
export type SendPayload =
  { type: 'text'; text: string } | { type: 'gift'; gift: number } | { type: 'photo'; file: Blob };

/**
 * Where to scroll after older messages were put above the visible ones, so that what the member
 * was looking at stays in place: the growth of the content plus the old position.
 */
export function keptScrollTop(
  before: { scrollHeight: number; scrollTop: number },
  scrollHeightAfter: number,
): number {
  return scrollHeightAfter - before.scrollHeight + before.scrollTop;
}
