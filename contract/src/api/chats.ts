import { z } from 'zod';
import { SCAM_CATEGORIES } from '../scam-categories';
import { dbId, dbIdNumber } from './fields';
import { profileCard } from './members';

/**
 * Chat (SPEC points 2, 3, 4, 7): conversations between two members, messages of three types
 * (text, photo, gift) that cost credits, live delivery over socket.io (events.ts) with catch-up
 * over HTTP, so that no message is ever missed or shown twice.
 *
 * Ordering and catch-up. Every message has an `id` (never changes) and a `seq`: a position in
 * one site-wide sequence, given when the message becomes visible to its recipient (at once for
 * a confirmed sender; for a sender whose e-mail is not confirmed yet, when the address is
 * confirmed and the held messages are released, which gives them a new, higher `seq`). A client
 * keeps the highest `seq` it holds and, after any reconnect, asks `GET /api/messages.php?since=`
 * for everything after it; it stores messages by `id` (an upsert), so a message that arrives
 * twice (by socket and by catch-up, or again with a new `seq` after its release) is shown once.
 * Read and delivery markers are `seq`s too.
 */

export const messageType = z.enum(['text', 'photo', 'gift']);
export type MessageType = z.infer<typeof messageType>;

/**
 * Where a message stands, as its sender sees it: `held` (the sender's e-mail is not confirmed:
 * stored and paid, not delivered until it is), `sent` (stored, visible to the recipient),
 * `delivered` (a client of the recipient received it), `read` (the recipient opened the
 * conversation past it). The recipient sees only sent, delivered or read messages.
 */
export const messageStatus = z.enum(['held', 'sent', 'delivered', 'read']);
export type MessageStatus = z.infer<typeof messageStatus>;

/** A gift of the catalogue (seeded, with an image; `credits` is what sending it costs). */
export const gift = z.object({
  id: z.number().int(),
  slug: z.string(),
  /** Image URL (a static asset of the site). */
  image: z.string(),
  credits: z.number().int(),
  /** Its name per language (gifts made in the console); otherwise the text chat.gifts.<slug>. */
  names: z.record(z.string(), z.string()).optional(),
});
export type Gift = z.infer<typeof gift>;

/** GET /api/gifts.php: the active gifts in their order. */
export const giftsResponse = z.object({ gifts: z.array(gift) });
export type GiftsResponse = z.infer<typeof giftsResponse>;

/** A chat photo as both participants get it: signed, expiring URLs (like profile photos). */
export const chatImage = z.object({
  thumb_url: z.string(),
  full_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ChatImage = z.infer<typeof chatImage>;

/** One message, the same shape in API answers and in the `message:new` socket event. */
export const chatMessage = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  conversation_id: z.number().int(),
  /** The sender's profile id (for a fictional profile: the chat pal, never the operator). */
  sender: z.number().int(),
  /** Whether the viewer sent it. */
  mine: z.boolean(),
  type: messageType,
  /** The text (type text); null otherwise, and once purged. */
  text: z.string().nullable(),
  image: chatImage.nullable(),
  gift: gift.nullable(),
  /** Credits the sender paid (shown only to the sender; 0 for the recipient). */
  credits: z.number().int(),
  status: messageStatus,
  created_at: z.string(),
  /**
   * The recipient's copy of a text the send's scan flagged (message-scan.ts): what it found, for
   * the warning beside it. Never on the sender's copy; absent on an ordinary message.
   */
  warnings: z.array(z.enum(SCAM_CATEGORIES)).optional(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** An entry of the chat list (SPEC point 3: conversation.id, profile.id, num_unread_messages). */
export const chatListItem = z.object({
  conversation: z.object({ id: z.number().int() }),
  /** The other member's card (fictional profiles carry `fictional`: the list shows the label). */
  profile: profileCard,
  num_unread_messages: z.number().int(),
  /** The newest message the viewer may see, for the preview line; null in an empty one. */
  last_message: z
    .object({
      id: z.number().int(),
      type: messageType,
      /** The start of a text message (at most 100 characters); null for photos and gifts. */
      preview: z.string().nullable(),
      mine: z.boolean(),
      status: messageStatus,
      created_at: z.string(),
    })
    .nullable(),
  updated_at: z.string(),
});
export type ChatListItem = z.infer<typeof chatListItem>;

/**
 * GET /api/chats.php: the member's conversations, newest activity first (removed ones left out
 * until a new message brings them back), with the totals of the navigation badges (SPEC point 3
 * chat state: totals of unread messages and new likes).
 */
export const chatsResponse = z.object({
  chats: z.array(chatListItem),
  unread_messages: z.number().int(),
  new_likes: z.number().int(),
});
export type ChatsResponse = z.infer<typeof chatsResponse>;

/**
 * GET /api/chat.php: one conversation, by its id (/chats/{id}) or by the other member's profile
 * id (/members/{id}/chat, where there may be no conversation yet: `conversation` null). Messages
 * oldest first, a page of CHAT_PAGE_SIZE ending before `before` (a message id; none: the newest
 * page); `has_older` when there are more. History older than the chat history limit is left out.
 */
export const chatQuery = z
  .object({
    conversation: dbId.optional(),
    member: dbId.optional(),
    before: dbId.optional(),
  })
  .refine((q) => (q.conversation === undefined) !== (q.member === undefined), {
    message: 'conversation or member',
    path: ['conversation'],
  });
export type ChatQuery = z.infer<typeof chatQuery>;

export const chatResponse = z.object({
  conversation: z
    .object({
      id: z.number().int(),
      /** The other member's last read marker (a seq): the viewer's messages up to it are read. */
      read_seq: z.number().int(),
      /** The other member's delivery marker (a seq). */
      delivered_seq: z.number().int(),
    })
    .nullable(),
  profile: profileCard,
  messages: z.array(chatMessage),
  has_older: z.boolean(),
  /**
   * What sending costs the viewer now (settings message_credits, photo_credits; gifts cost their
   * own `credits`), and whether the viewer may start this conversation at all: false when a
   * free member already started FREE_MAX_CONVERSATIONS (the premium-only modal).
   */
  costs: z.object({ text: z.number().int(), photo: z.number().int() }),
  can_start: z.boolean(),
  /** The viewer's e-mail is not confirmed: what they send is held (the chat says so). */
  held: z.boolean(),
  /** The other member is fictional: the fictional warning shows above the messages. */
  fictional: z.boolean(),
});
export type ChatResponse = z.infer<typeof chatResponse>;

/**
 * POST /api/message.php (JSON; a photo goes to POST /api/message-photo.php as multipart with
 * the same `conversation` / `member` fields and the file in `photo`). Either an existing
 * conversation or a member's profile id (starts the conversation, or continues the one there
 * is). Every send carries an `Idempotency-Key` header (a UUID the client makes once per message
 * and sends again on every retry): a repeat stores and charges nothing and answers the first
 * answer. Errors: 402 insufficient_credits (the insufficient-credits modal), 403 premium_only (a
 * free member's third conversation: the premium-only modal), 400 message_too_long, 404
 * not_found (the member may not be contacted: blocked, invisible, gone).
 */
export const sendMessageRequest = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    conversation: dbIdNumber.optional(),
    member: dbIdNumber.optional(),
    text: z.string(),
  }),
  z.object({
    type: z.literal('gift'),
    conversation: dbIdNumber.optional(),
    member: dbIdNumber.optional(),
    gift: dbIdNumber,
  }),
]);
export type SendMessageRequest = z.infer<typeof sendMessageRequest>;

/** The multipart fields of POST /api/message-photo.php besides the file `photo`. */
export const sendPhotoFields = z.object({
  conversation: dbId.optional(),
  member: dbId.optional(),
});
export type SendPhotoFields = z.infer<typeof sendPhotoFields>;

/** The stored message and the sender's balance after paying for it. */
export const sendMessageResponse = z.object({
  message: chatMessage,
  credits: z.number().int(),
});
export type SendMessageResponse = z.infer<typeof sendMessageResponse>;

/**
 * GET /api/messages.php?since=<seq>: catch-up after a reconnect. Every message of the member's
 * conversations (sent or received, not removed, within the history limit) with a seq above
 * `since`, in seq order, at most CATCH_UP_LIMIT; `more` when the client should ask again from
 * the last one's seq. It also repeats the few at or below `since` that were sequenced in the
 * last moments (a send that drew its seq earlier may commit later than one the client holds),
 * which the client's upsert by id shows once.
 */
export const catchUpQuery = z.object({
  since: z
    .string()
    .regex(/^(0|[1-9]\d{0,15})$/)
    .transform(Number),
});
export type CatchUpQuery = z.infer<typeof catchUpQuery>;

export const catchUpResponse = z.object({
  messages: z.array(chatMessage),
  more: z.boolean(),
});
export type CatchUpResponse = z.infer<typeof catchUpResponse>;

/**
 * POST /api/chat-read.php: the member read a conversation up to a seq (opening it sets its
 * unread count to 0; SPEC point 4). The other member's clients get the `read` event.
 */
export const chatReadRequest = z.object({
  conversation: dbIdNumber,
  seq: z.number().int().nonnegative(),
});
export type ChatReadRequest = z.infer<typeof chatReadRequest>;

/**
 * DELETE /api/chat.php: removes a conversation from the member's list (SPEC point 7: body
 * `{conversation}`), or every conversation with a member (`{member}`: a profile id). The other
 * member keeps theirs; a new message brings it back, without the messages from before.
 */
export const chatDeleteRequest = z.union([
  z.object({ conversation: dbIdNumber }),
  z.object({ member: dbIdNumber }),
]);
export type ChatDeleteRequest = z.infer<typeof chatDeleteRequest>;

/** GET /api/icebreakers.php: openers for an empty conversation (i18n keys, `chat.openers.<key>`). */
export const icebreakersResponse = z.object({ icebreakers: z.array(z.string()) });
export type IcebreakersResponse = z.infer<typeof icebreakersResponse>;

/**
 * Staff answering for fictional profiles (the operator console comes later; here the data and
 * the API). GET /api/operator-queue.php (roles operator, admin): conversations with a fictional
 * profile whose newest message is from the member, oldest waiting first.
 */
export const operatorQueueResponse = z.object({
  conversations: z.array(
    z.object({
      conversation_id: z.number().int(),
      fictional_profile: z.object({ id: z.number().int(), name: z.string() }),
      member_profile: z.object({ id: z.number().int(), name: z.string() }),
      waiting_since: z.string(),
      last_message: chatMessage,
    }),
  ),
});
export type OperatorQueueResponse = z.infer<typeof operatorQueueResponse>;

/**
 * POST /api/operator-reply.php (roles operator, admin; Idempotency-Key): a text reply in a
 * conversation with a fictional profile, sent as that profile (free of credits), with the
 * operator recorded on the message.
 */
export const operatorReplyRequest = z.object({
  conversation: dbIdNumber,
  text: z.string(),
});
export type OperatorReplyRequest = z.infer<typeof operatorReplyRequest>;
export const operatorReplyResponse = z.object({ message: chatMessage });
export type OperatorReplyResponse = z.infer<typeof operatorReplyResponse>;
