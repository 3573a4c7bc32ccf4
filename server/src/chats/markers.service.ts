import { Injectable } from '@nestjs/common';
import { DB_INT_MAX } from '@app/contract';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { Correspondents, type Viewer } from '../member-access';
import { Realtime } from '../realtime';
import {
  deliveredUpToStatement,
  readUpToStatement,
  type DeliveredRow,
  type ReadRow,
} from './markers.sql';

/**
 * Read and delivery markers (SPEC point 7): how far each member of a conversation has read and
 * received the other's messages (seqs, moving forward only). The other member's tabs hear of
 * it, so the sender's messages show as delivered and read.
 */
@Injectable()
export class MarkersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly correspondents: Correspondents,
    private readonly realtime: Realtime,
  ) {}

  /**
   * POST /api/chat-read.php: the member read a conversation up to `seq` (at most its newest
   * message): the unread count becomes what is newer, the read marker never moves back, and the
   * other member's tabs get `read`; the member's own tabs reload the list (badges). Only in a
   * conversation the member may still write in (the `contact` rule, as opening it): a block
   * either way, or the other member gone, is 404 and tells that member nothing.
   */
  async read(viewer: NonNullable<Viewer>, conversationId: number, seq: number): Promise<void> {
    if (conversationId > DB_INT_MAX) throw new AppError('not_found');
    const other = await this.correspondents.messageableIn(viewer, conversationId);
    const [after] = await queryRows<ReadRow>(
      this.prisma,
      readUpToStatement(conversationId, viewer.userId, seq),
    );
    this.realtime.toMember(viewer.userId, 'chats:changed');
    if (after?.moved) {
      this.realtime.toMember(other.userId, 'read', {
        conversation_id: conversationId,
        seq: Number(after.read),
      });
    }
  }

  /**
   * A client of the member holds a conversation's messages up to `seq` (socket `delivered`):
   * the delivery marker moves forward only, and the sender's tabs get `delivered`.
   */
  async delivered(userId: number, conversationId: number, seq: number): Promise<void> {
    const [after] = await queryRows<DeliveredRow>(
      this.prisma,
      deliveredUpToStatement(conversationId, userId, seq),
    );
    if (after) {
      this.realtime.toMember(after.otherId, 'delivered', {
        conversation_id: conversationId,
        seq: Number(after.seq),
      });
    }
  }
}
