import { Injectable } from '@nestjs/common';
import type { InspectionUndoResponse } from '@app/contract';
import type { InspectionKind } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import type { StaffPrincipal } from '../staff';
import { lockUndoable } from './decisions';
import { PhotoInspection } from './photo-inspection.service';
import { TextInspection } from './text-inspection.service';

/**
 * Undo of an inspection decision, photo or text: only the moderator who made it, only within
 * INSPECTION_UNDO_SECONDS, only once, and only while the item still has the decided state
 * (409 conflict otherwise). The item waits again, held by the caller; an audit row records it.
 */
@Injectable()
export class InspectionUndo {
  constructor(
    private readonly prisma: PrismaService,
    private readonly photos: PhotoInspection,
    private readonly texts: TextInspection,
  ) {}

  async undo(
    staff: StaffPrincipal,
    decisionId: string,
    ip?: string,
    now = new Date(),
  ): Promise<InspectionUndoResponse> {
    const done = await this.prisma.$transaction(async (tx) => {
      const decision = await lockUndoable(tx, BigInt(decisionId), staff.userId, now);
      const userId = await this.of(decision.kind).undo(staff, decision, tx, ip, now);
      await tx.inspectionDecision.update({
        where: { id: decision.id },
        data: { undoneAt: now },
      });
      return { kind: decision.kind, id: decision.subject_id, userId };
    });
    const inspection = this.of(done.kind);
    inspection.told(done.userId);
    return { kind: done.kind, id: done.id, stats: await inspection.stats(staff) };
  }

  private of(kind: InspectionKind): PhotoInspection | TextInspection {
    return kind === 'photo' ? this.photos : this.texts;
  }
}
