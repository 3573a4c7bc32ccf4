import { Injectable, Logger } from '@nestjs/common';
import type { Server } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@app/contract';
import type { StaffRole } from '../generated/prisma/client';

/** The room every socket of a member joins: events for the member reach all their tabs. */
export function memberRoom(userId: number): string {
  return `m:${userId}`;
}

/** The room of one session's sockets: ending the session disconnects them. */
export function sessionRoom(sessionId: string): string {
  return `s:${sessionId}`;
}

/** Who a socket belongs to (set at the handshake from the session cookie). */
export interface SocketMember {
  userId: number;
  sessionId: string;
  profileId: number | null;
  roles: StaffRole[];
  paidUser: boolean;
}

/** What a feature answers the client's own events with (the chat feature registers these). */
export interface ClientEventHandlers {
  typing(member: SocketMember, event: Parameters<ClientToServerEvents['typing']>[0]): Promise<void>;
  delivered(
    member: SocketMember,
    event: Parameters<ClientToServerEvents['delivered']>[0],
  ): Promise<void>;
}

type EventName = keyof ServerToClientEvents;
type EventArgs<E extends EventName> = Parameters<ServerToClientEvents[E]>;

/**
 * Emits events to members' rooms: every socket of the member, on every app process (the rooms
 * are shared through Redis streams). Call it after the transaction that made the change has
 * committed: an event is a hint to show or reload something that is already stored. Events are
 * at most once; the client catches up over HTTP after a reconnect (contract events.ts).
 */
@Injectable()
export class Realtime {
  private readonly logger = new Logger('Realtime');
  private server: Server<ClientToServerEvents, ServerToClientEvents> | null = null;
  private handlers: ClientEventHandlers | null = null;

  /** Set by the gateway once the socket.io server runs (the HTTP process only). */
  attach(server: Server<ClientToServerEvents, ServerToClientEvents> | null): void {
    this.server = server;
  }

  /** The chat feature answers typing and delivered events through these. */
  handle(handlers: ClientEventHandlers): void {
    this.handlers = handlers;
  }

  get clientHandlers(): ClientEventHandlers | null {
    return this.handlers;
  }

  /** Sends an event to every open tab of a member. Never throws: the change is stored anyway. */
  toMember<E extends EventName>(userId: number, event: E, ...args: EventArgs<E>): void {
    this.toMembers([userId], event, ...args);
  }

  /** The same event to several members: one broadcast (one stream entry), each socket once. */
  toMembers<E extends EventName>(userIds: number[], event: E, ...args: EventArgs<E>): void {
    if (!this.server) return;
    try {
      this.server.to([...new Set(userIds)].map(memberRoom)).emit(event, ...args);
    } catch (error) {
      this.logger.warn(`Could not emit ${event}: ${String(error)}`);
    }
  }
}
