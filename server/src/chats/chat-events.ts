import { Injectable, OnModuleInit } from '@nestjs/common';
import { TYPING_EMIT_MS } from '@app/contract';
import { Correspondents } from '../member-access';
import { Realtime, type ClientEventHandlers, type SocketMember } from '../realtime';
import { MarkersService } from './markers.service';

/** How long a socket's right to type in a conversation is remembered. */
const MEMBERSHIP_MS = 30_000;
const MEMBERSHIP_KEPT = 10_000;

/**
 * What a client tells the server over its socket: `typing` goes to the other member's tabs (at
 * most every half TYPING_EMIT_MS per member and conversation, whatever the client sends), and
 * `delivered` moves the member's delivery marker. Both only for a conversation the member takes
 * part in with a member they may still message; anything else is ignored.
 */
@Injectable()
export class ChatEvents implements ClientEventHandlers, OnModuleInit {
  /** `<user>:<conversation>` -> the partner's account (null: not allowed) and when checked. */
  private readonly partners = new Map<string, { otherId: number | null; at: number }>();
  private readonly lastTyping = new Map<string, number>();

  constructor(
    private readonly realtime: Realtime,
    private readonly markers: MarkersService,
    private readonly correspondents: Correspondents,
  ) {}

  onModuleInit(): void {
    this.realtime.handle(this);
  }

  async typing(member: SocketMember, event: { conversation_id: number }): Promise<void> {
    const key = `${member.userId}:${event.conversation_id}`;
    const now = Date.now();
    if (now - (this.lastTyping.get(key) ?? 0) < TYPING_EMIT_MS / 2) return;
    this.lastTyping.set(key, now);
    if (this.lastTyping.size > MEMBERSHIP_KEPT) this.lastTyping.clear();
    const otherId = await this.partnerIn(member, event.conversation_id);
    if (otherId === null || member.profileId === null) return;
    this.realtime.toMember(otherId, 'typing', {
      conversation_id: event.conversation_id,
      profile_id: member.profileId,
    });
  }

  async delivered(
    member: SocketMember,
    event: { conversation_id: number; seq: number },
  ): Promise<void> {
    if ((await this.partnerIn(member, event.conversation_id)) === null) return;
    await this.markers.delivered(member.userId, event.conversation_id, event.seq);
  }

  /** The other member of a conversation the socket's member may write in, else null. */
  private async partnerIn(member: SocketMember, conversationId: number): Promise<number | null> {
    const key = `${member.userId}:${conversationId}`;
    const known = this.partners.get(key);
    if (known && Date.now() - known.at < MEMBERSHIP_MS) return known.otherId;
    let otherId: number | null = null;
    try {
      otherId = (await this.correspondents.messageableIn(member, conversationId)).userId;
    } catch {
      otherId = null;
    }
    if (this.partners.size > MEMBERSHIP_KEPT) this.partners.clear();
    this.partners.set(key, { otherId, at: Date.now() });
    return otherId;
  }
}
