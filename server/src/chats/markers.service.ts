import { Injectable } from '@nestjs/common';
import { DB_INT_MAX } from '@app/contract';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { Correspondents, type Viewer } from '../member-access';
import { Realtime } from '../realtime';

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
    const [after] = await this.prisma.$queryRaw<{ read: bigint; moved: boolean }[]>`
      WITH top AS (
        SELECT COALESCE(max(seq), 0) AS s FROM messages
        WHERE conversation_id = ${conversationId}::int AND sender_id <> ${viewer.userId}::int
          AND NOT held
      ), target AS (
        SELECT LEAST(${seq}::bigint, top.s) AS s FROM top
      ), before AS (
        SELECT last_read_seq FROM conversation_participants
        WHERE conversation_id = ${conversationId}::int AND user_id = ${viewer.userId}::int
      )
      UPDATE conversation_participants cp SET
        last_read_seq = GREATEST(cp.last_read_seq, target.s),
        last_delivered_seq = GREATEST(cp.last_delivered_seq, target.s),
        unread_count = (
          SELECT count(*)::int FROM messages m
          WHERE m.conversation_id = cp.conversation_id AND m.sender_id <> cp.user_id
            AND NOT m.held AND m.seq > GREATEST(cp.last_read_seq, target.s)
            AND m.seq > cp.cleared_seq
        )
      FROM target, before
      WHERE cp.conversation_id = ${conversationId}::int AND cp.user_id = ${viewer.userId}::int
      RETURNING cp.last_read_seq AS "read", cp.last_read_seq > before.last_read_seq AS "moved"`;
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
    const [after] = await this.prisma.$queryRaw<{ seq: bigint; otherId: number }[]>`
      UPDATE conversation_participants cp SET last_delivered_seq = t.s
      FROM (
        SELECT LEAST(${seq}::bigint, COALESCE(max(seq), 0)) AS s FROM messages
        WHERE conversation_id = ${conversationId}::int AND sender_id <> ${userId}::int
          AND NOT held
      ) t
      WHERE cp.conversation_id = ${conversationId}::int AND cp.user_id = ${userId}::int
        AND cp.last_delivered_seq < t.s
      RETURNING cp.last_delivered_seq AS "seq", (
        SELECT o.user_id FROM conversation_participants o
        WHERE o.conversation_id = cp.conversation_id AND o.user_id <> cp.user_id
      ) AS "otherId"`;
    if (after) {
      this.realtime.toMember(after.otherId, 'delivered', {
        conversation_id: conversationId,
        seq: Number(after.seq),
      });
    }
  }
}
