/**
 * The socket.io event map, shared by the server's gateway and the web's socket (typed
 * `Server<ClientToServerEvents, ServerToClientEvents>` and `Socket<ServerToClientEvents,
 * ClientToServerEvents>`). Events carry ids and counts, never message texts: a client fetches
 * what changed through the API, which applies the access rules (the chat issue fills this in).
 */
export interface ServerToClientEvents {
  /** A message arrived in one of the member's conversations. */
  'message:new': (event: { conversation_id: number; message_id: number }) => void;
  /** The other member is typing in a conversation. */
  typing: (event: { conversation_id: number; profile_id: number }) => void;
  /** The other member read a conversation up to a message. */
  read: (event: { conversation_id: number; message_id: number }) => void;
  /** The chat list changed (new conversation, removed one, unread counts). */
  'chats:changed': () => void;
  /** Likes given or received changed. */
  'likes:changed': () => void;
  /** The member's credit balance changed. */
  'credits:changed': (event: { credits: number }) => void;
}

export interface ClientToServerEvents {
  /** The member is typing in a conversation. */
  typing: (event: { conversation_id: number }) => void;
}
