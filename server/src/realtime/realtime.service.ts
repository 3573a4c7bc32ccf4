import { Injectable, Logger } from '@nestjs/common';
import type { Server } from 'socket.io';
import {
  STAFF_SOCKET_NAMESPACE,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type StaffServerToClientEvents,
} from '@app/contract';
import type { StaffRole } from '../generated/prisma/client';

/** The room every socket of a member joins: events for the member reach all their tabs. */
export function memberRoom(userId: number): string {
  return `m:${userId}`;
}

/** The room of one session's sockets: ending the session disconnects them. */
export function sessionRoom(sessionId: string): string {
  return `s:${sessionId}`;
}

/** The staff console's room of a role (admins join every role's). */
export function staffRoleRoom(role: StaffRole): string {
  return `staff:${role}`;
}

/** The room of one staff session's console sockets: ending the session disconnects them. */
export function staffSessionRoom(sessionId: string): string {
  return `st:${sessionId}`;
}

/** The room of every console socket of one account (a ban or deletion ends them). */
export function staffUserRoom(userId: number): string {
  return `su:${userId}`;
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
type StaffEventName = keyof StaffServerToClientEvents;
type StaffEventArgs<E extends StaffEventName> = Parameters<StaffServerToClientEvents[E]>;

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

  /**
   * Sends an event to the consoles of staff with one of these roles (and every admin's), on
   * every process. Never throws: the change is stored anyway.
   */
  toStaff<E extends StaffEventName>(
    roles: StaffRole[],
    event: E,
    ...args: StaffEventArgs<E>
  ): void {
    if (!this.server) return;
    try {
      const rooms = [...new Set<StaffRole>(['admin', ...roles])].map(staffRoleRoom);
      const staff = this.server.of(STAFF_SOCKET_NAMESPACE) as unknown as {
        to(rooms: string[]): { emit(event: E, ...args: StaffEventArgs<E>): void };
      };
      staff.to(rooms).emit(event, ...args);
    } catch (error) {
      this.logger.warn(`Could not emit ${String(event)} to staff: ${String(error)}`);
    }
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
