import { Injectable } from '@nestjs/common';
import { Notifier } from '../notifications';
import { Realtime } from '../realtime';
import type { MessageRow, SeenByBoth } from './message.presenter';

/**
 * A new message reaches both members' tabs, each as they see it (the recipient's only when it
 * is not held), and the recipient's mail and push when away (the notify worker decides).
 */
@Injectable()
export class MessageDelivery {
  constructor(
    private readonly realtime: Realtime,
    private readonly notifier: Notifier,
  ) {}

  deliver(
    row: MessageRow,
    senderId: number,
    recipientId: number,
    seen: SeenByBoth,
    kind: 'message' | 'conversation' = 'message',
  ): void {
    this.realtime.toMember(senderId, 'message:new', { message: seen.own });
    if (row.held) {
      this.realtime.toMember(senderId, 'chats:changed');
      return;
    }
    this.realtime.toMember(recipientId, 'message:new', { message: seen.theirs });
    this.realtime.toMembers([senderId, recipientId], 'chats:changed');
    void this.notifier.notify({
      kind,
      recipientId,
      actorId: senderId,
      conversationId: row.conversationId,
    });
  }
}
