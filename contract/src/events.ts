import type { ChatMessage } from './api/chats';

/**
 * The socket.io event map, shared by the server's gateway and the web's socket (typed
 * `Server<ClientToServerEvents, ServerToClientEvents>` and `Socket<ServerToClientEvents,
 * ClientToServerEvents>`). The socket is authenticated by the session cookie at the handshake;
 * every socket of a member joins the member's room, so all their tabs get every event.
 *
 * A message event carries the whole message as its two participants may have it (the send path
 * has applied the access rules: only the participants' rooms get it). Other events carry ids,
 * seqs and counts; a client fetches what changed through the API. Events are at-most-once:
 * after a reconnect the client catches up with GET /api/messages.php?since=<highest seq held>
 * and reloads chats, likes and the user (contract api/chats.ts).
 */
export interface ServerToClientEvents {
  /**
   * A message became visible in one of the member's conversations: a new one (to both
   * participants, so the sender's other tabs show it too), or held ones released when their
   * sender confirmed the e-mail address (again, with a new seq).
   */
  'message:new': (event: { message: ChatMessage }) => void;
  /** The other member is typing in a conversation (the indicator shows for TYPING_SHOW_MS). */
  typing: (event: { conversation_id: number; profile_id: number }) => void;
  /** The other member's client received the member's messages up to this seq. */
  delivered: (event: { conversation_id: number; seq: number }) => void;
  /** The other member read the conversation up to this seq. */
  read: (event: { conversation_id: number; seq: number }) => void;
  /** The chat list changed (new conversation, removed one, unread counts): reload chats.php. */
  'chats:changed': () => void;
  /** Likes given or received changed: reload likes.php. */
  'likes:changed': () => void;
  /** Someone viewed the member's profile (a new visit of the day): reload visitors.php. */
  'visits:changed': () => void;
  /** The member's credit balance changed. */
  'credits:changed': (event: { credits: number }) => void;
  /** Staff banned the member: every session ended; the tab shows the ban page (/ban). */
  'account:banned': () => void;
  /** A moderator decided on one of the member's photos (or undid it): reload photos.php and the user. */
  'photos:changed': () => void;
  /** A moderator decided on one of the member's profile texts: reload the own profile and the user. */
  'profile:changed': () => void;
}

export interface ClientToServerEvents {
  /** The member is typing in a conversation (the client sends it at most every TYPING_EMIT_MS). */
  typing: (event: { conversation_id: number }) => void;
  /**
   * The member's client holds the messages of a conversation up to this seq (sent after a
   * `message:new` or a catch-up); the sender's clients get `delivered`.
   */
  delivered: (event: { conversation_id: number; seq: number }) => void;
}

/** The socket.io path (the API and the socket share one HTTP server). */
export const SOCKET_PATH = '/socket.io';

/** The staff console's socket: the same path, its own namespace, its own cookie (`ssid`). */
export const STAFF_SOCKET_NAMESPACE = '/staff';

/** What a staff console's queue is: the console reloads it when told it changed. */
export type StaffQueue = 'photos' | 'texts' | 'complaints' | 'inbox' | 'verification' | 'scams';

/**
 * Events to the staff console (namespace STAFF_SOCKET_NAMESPACE), to the staff of the roles
 * that work a queue (admins get all): hints to reload what is stored, as for members.
 */
export interface StaffServerToClientEvents {
  'queue:changed': (event: { queue: StaffQueue }) => void;
}

/** The console sends nothing over its socket (its actions are HTTP calls with an audit row). */
export type StaffClientToServerEvents = Record<string, never>;
