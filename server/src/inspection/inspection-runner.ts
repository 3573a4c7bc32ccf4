import { Injectable } from '@nestjs/common';
import type {
  InspectionDecisionResponse,
  InspectionPhoto,
  InspectionStats,
  InspectionText,
  PhotoNextResponse,
  PhotoQueueResponse,
  StaffQueue,
  TextNextResponse,
  TextQueueResponse,
  TextRejectReason,
} from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { InspectionReads, staffViewerOf, type InspectionKind, type Viewer } from '../member-access';
import { Realtime } from '../realtime';
import { AuditLog, type StaffPrincipal } from '../staff';
import { Statements, type StatementInput } from '../statement-writer';
import { InspectionClaims, type LockedPhoto, type LockedText } from './claims';
import { claimEnd, refuseOthersClaim, undoEnd, type DecisionRow } from './decisions';

type Tx = Prisma.TransactionClient;
type Action = 'approve' | 'reject';

/** The types of each kind: the locked item, what a moderator sees, the answers, the reasons. */
interface KindTypes {
  photo: {
    locked: LockedPhoto;
    shown: Omit<InspectionPhoto, 'claimed_until'>;
    queue: PhotoQueueResponse;
    next: PhotoNextResponse;
    /** A reason of PHOTO_REJECT_REASONS (the old photo-moderation.php route: free text). */
    reason: string;
  };
  text: {
    locked: LockedText;
    shown: Omit<InspectionText, 'claimed_until'>;
    queue: TextQueueResponse;
    next: TextNextResponse;
    reason: TextRejectReason;
  };
}

/** A decision as the kind applies it to its item. */
export interface Decided {
  staffId: number;
  action: Action;
  reason: string | null;
  now: Date;
}

/** What a decision or undo changed, as the audit row shows it. */
export interface Change {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * The inspection of one kind of item (photos, profile texts), the same for both: the queue
 * (oldest first), the claim (two moderators never hold one item), approve or reject with a
 * reason, and undo for INSPECTION_UNDO_SECONDS. Every decision and undo writes an audit row in
 * its transaction; afterwards the member's tabs reload (`memberEvent`) and every moderator's
 * console its queue (`queue:changed`). A kind's service supplies only what differs: its item,
 * its states and what a decision changes.
 */
@Injectable()
export abstract class InspectionRunner<K extends InspectionKind> {
  protected abstract readonly kind: K;
  /** The console's queue told on a change, and the event that reloads the member's tabs. */
  protected abstract readonly staffQueue: StaffQueue;
  protected abstract readonly memberEvent: 'photos:changed' | 'profile:changed';
  /** The item's state once decided so (an undo needs the item still in it). */
  protected abstract readonly decided: Record<Action, string>;
  /** The field a 404 or 409 of a decision names, if any. */
  protected abstract readonly errorField: string | undefined;

  constructor(
    protected readonly prisma: PrismaService,
    protected readonly reads: InspectionReads,
    protected readonly claims: InspectionClaims,
    private readonly audit: AuditLog,
    private readonly realtime: Realtime,
    private readonly statements: Statements,
  ) {}

  /** The item with what a moderator sees beside it. */
  protected abstract show(viewer: Viewer, id: number, now: Date): Promise<KindTypes[K]['shown']>;
  /** The answer of `next`: the item claimed (null when none is left) and the queue's length. */
  protected abstract answer(
    item: (KindTypes[K]['shown'] & { claimed_until: string }) | null,
    stats: InspectionStats,
  ): KindTypes[K]['next'];
  /** Locks the item in a deciding transaction; null: gone. */
  protected abstract lock(tx: Tx, id: number): Promise<KindTypes[K]['locked'] | null>;
  /** Whether the item may be decided so now (not so already, a second console, a repeat). */
  protected abstract decidable(item: KindTypes[K]['locked'], action: Action): boolean;
  /** Writes the decision to the item; `record` is kept on the decision for its undo. */
  protected abstract apply(
    tx: Tx,
    item: KindTypes[K]['locked'],
    decision: Decided,
  ): Promise<Change & { record: Prisma.InputJsonObject }>;
  /** Puts the item back as it was before `decision`, held by `staffId`. */
  protected abstract revert(
    tx: Tx,
    item: KindTypes[K]['locked'],
    decision: DecisionRow,
    staffId: number,
    now: Date,
  ): Promise<Change>;
  /** The audit row's subject type. */
  protected abstract subjectType(item: KindTypes[K]['locked']): string;
  /** After a decision was written, in its transaction (what else a kind keeps of it). */
  protected async afterDecision(
    _tx: Tx,
    _item: KindTypes[K]['locked'],
    _decision: Decided & { id: bigint },
  ): Promise<void> {}
  /** What a rejection's statement of reasons says about the item (kind, item, ground, time). */
  protected abstract statementOf(
    tx: Tx,
    item: KindTypes[K]['locked'],
    reason: string | null,
  ): Promise<
    Pick<
      StatementInput,
      'kind' | 'item' | 'itemId' | 'ground' | 'itemAt' | 'ref' | 'automatedDetection'
    >
  >;

  queue(staff: StaffPrincipal, now = new Date()): Promise<KindTypes[K]['queue']> {
    return this.reads.queue(this.kind, staffViewerOf(staff), now);
  }

  stats(staff: StaffPrincipal): Promise<InspectionStats> {
    return this.reads.stats(this.kind, staffViewerOf(staff));
  }

  /** Claims the next item (see the contract's photoNextResponse). */
  async next(
    staff: StaffPrincipal,
    exclude: number[],
    now = new Date(),
  ): Promise<KindTypes[K]['next']> {
    const viewer = staffViewerOf(staff);
    const claimed = await this.claims.claim(this.kind, staff.userId, exclude, now, claimEnd(now));
    const [item, stats] = await Promise.all([
      claimed ? this.show(viewer, claimed.id, now) : null,
      this.reads.stats(this.kind, viewer),
    ]);
    if (claimed) this.realtime.toStaff(['moderator'], 'queue:changed', { queue: this.staffQueue });
    const held =
      item && claimed ? { ...item, claimed_until: claimed.claimedUntil.toISOString() } : null;
    return this.answer(held, stats);
  }

  /**
   * Approves or rejects an item with a reason. Not an item in that state already, nor one
   * another moderator holds (409 conflict).
   */
  async decide(
    staff: StaffPrincipal,
    id: number,
    input: { action: Action; reason?: KindTypes[K]['reason'] },
    ip?: string,
    now = new Date(),
  ): Promise<InspectionDecisionResponse> {
    const result = await this.prisma.$transaction(async (tx) => {
      const item = await this.lock(tx, id);
      if (!item) throw new AppError('not_found', {}, this.errorField);
      if (!this.decidable(item, input.action)) throw new AppError('conflict', {}, this.errorField);
      refuseOthersClaim(item, staff.userId, now);
      const reason = input.action === 'reject' ? (input.reason ?? null) : null;
      const decided = { staffId: staff.userId, action: input.action, reason, now };
      const { record, ...change } = await this.apply(tx, item, decided);
      const decision = await tx.inspectionDecision.create({
        data: {
          kind: this.kind,
          subjectId: item.id,
          userId: item.userId,
          staffId: staff.userId,
          decision: input.action,
          reason,
          before: record,
          decidedAt: now,
        },
        select: { id: true },
      });
      await this.afterDecision(tx, item, { ...decided, id: decision.id });
      await this.record(tx, staff, item, `${this.kind}.${input.action}`, change, reason, ip);
      // a rejection restricts the member: its statement of reasons, in this transaction
      const statement =
        input.action === 'reject'
          ? await this.statements.write(tx, {
              userId: item.userId,
              ...(await this.statementOf(tx, item, reason)),
              explanation: reason ?? '',
              decidedById: staff.userId,
              decidedAt: now,
            })
          : null;
      return { decisionId: decision.id, userId: item.userId, mail: statement?.mail };
    });
    if (result.mail !== undefined) await this.statements.dispatch([result.mail]);
    this.told(result.userId);
    return {
      decision: result.decisionId.toString(),
      undo_until: undoEnd(now).toISOString(),
      stats: await this.stats(staff),
    };
  }

  /**
   * Undoes a decision (the caller's own, within the undo window, locked by the caller): the
   * item waits again, held by the caller, with the state it had put back.
   */
  async undo(
    staff: StaffPrincipal,
    decision: DecisionRow,
    tx: Tx,
    ip: string | undefined,
    now: Date,
  ): Promise<number> {
    const item = await this.lock(tx, decision.subject_id);
    // gone, or changed since (deleted by its owner, decided again): nothing to undo
    if (!item || item.status !== this.decided[decision.decision]) throw new AppError('conflict');
    const change = await this.revert(tx, item, decision, staff.userId, now);
    const reason = `undo of ${decision.decision} (decision ${decision.id})`;
    await this.record(tx, staff, item, `${this.kind}.undo`, change, reason, ip);
    return item.userId;
  }

  /** After a decision or undo: the member's tabs and every moderator's console. */
  told(userId: number): void {
    this.realtime.toMember(userId, this.memberEvent);
    this.realtime.toStaff(['moderator'], 'queue:changed', { queue: this.staffQueue });
  }

  private record(
    tx: Tx,
    staff: StaffPrincipal,
    item: KindTypes[K]['locked'],
    action: `${InspectionKind}.${Action | 'undo'}`,
    change: Change,
    reason: string | null,
    ip: string | undefined,
  ): Promise<void> {
    const subject = { subjectType: this.subjectType(item), subjectId: item.id };
    return this.audit.record(
      tx,
      staff,
      { action, targetUserId: item.userId, ...subject, ...change, reason },
      ip,
    );
  }
}
