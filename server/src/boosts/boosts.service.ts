import { Injectable } from '@nestjs/common';
import { BOOST_MINUTES, type BoostPurchaseResponse, type BoostStatusResponse } from '@app/contract';
import { AppError } from '../common/app-error';
import { isUniqueViolation } from '../common/failures';
import { CreditsService } from '../credits';
import type { Prisma } from '../generated/prisma/client';
import { OwnProfileReads } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { Realtime } from '../realtime';
import { SettingsService } from '../settings';
import { boostBlocker, boostEnd, freeBoost, freeWindowStart } from './boost-rules';
import { presentBoost } from './boosts.presenter';
import { lockedMemberStatement, type LockedMemberRow } from './boosts.sql';

const BOOST_SELECT = {
  id: true,
  startsAt: true,
  endsAt: true,
  credits: true,
  free: true,
} as const satisfies Prisma.BoostSelect;

type Db = Prisma.TransactionClient | PrismaService;

/** A purchase's answer, and whether it is the answer of an earlier call with the same key. */
export interface Purchased {
  answer: BoostPurchaseResponse;
  replayed: boolean;
}

/**
 * PostgreSQL refused a row that overlaps another under an exclusion constraint (23P01): two
 * boosts of one member at the same time (boosts_one_running). Prisma reports a raw code in the
 * driver adapter's error.
 */
function isExclusionViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const e = current as { code?: unknown; meta?: unknown; message?: unknown; cause?: unknown };
    if (e.code === '23P01') return true;
    const text = `${JSON.stringify(e.meta ?? {})} ${String(e.message ?? '')}`;
    if (text.includes('23P01') || text.includes('boosts_one_running')) return true;
    current = e.cause;
  }
  return false;
}

/**
 * Boosts (issue 38 item 3): a member first in their region's search for BOOST_MINUTES. A
 * purchase is one transaction: the member's row locked (one purchase of a member at a time),
 * the Idempotency-Key looked up (a repeat answers the first boost), no boost running, free or
 * paid decided, the boost written and, when paid, its credits taken through the one credits
 * service (a ledger row naming the boost: `boost`, boost_id unique). Behind it the database:
 * the exclusion constraint boosts_one_running (one running boost per member), the unique key
 * per member, the balance's CHECK. A free boost moves no credits and books no ledger row (the
 * ledger refuses a zero change); the boost row says it was free.
 */
@Injectable()
export class BoostsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly credits: CreditsService,
    private readonly settings: SettingsService,
    private readonly ownProfile: OwnProfileReads,
    private readonly realtime: Realtime,
  ) {}

  /** GET /api/boost.php: the running boost, the price, the free boost, what stands in the way. */
  async status(userId: number, now = new Date()): Promise<BoostStatusResponse> {
    const [profile, user, running, lastFree, stored] = await Promise.all([
      this.ownProfile.read(userId, {
        regionId: true,
        status: true,
        invisible: true,
        region: { select: { name: true } },
      }),
      this.prisma.user.findUniqueOrThrow({
        where: { id: userId },
        select: { credits: true, paidUser: true },
      }),
      this.running(this.prisma, userId, now),
      this.lastFree(this.prisma, userId, now),
      this.settings.stored(),
    ]);
    const free = freeBoost(user.paidUser, lastFree, now);
    return {
      boost: running ? presentBoost(running) : null,
      price: stored.boost_credits,
      minutes: BOOST_MINUTES,
      credits: user.credits,
      premium: user.paidUser,
      free_available: free.free,
      next_free_at: free.nextFreeAt?.toISOString() ?? null,
      region: profile?.region?.name ?? null,
      blocker: boostBlocker(profile),
    };
  }

  /** POST /api/boost.php: buys the member's boost, once per Idempotency-Key. */
  async purchase(userId: number, key: string, now = new Date()): Promise<Purchased> {
    const earlier = await this.byKey(userId, key);
    if (earlier) return earlier;
    const profile = await this.ownProfile.read(userId, {
      id: true,
      regionId: true,
      status: true,
      invisible: true,
    });
    const blocker = boostBlocker(profile);
    if (blocker === 'no_region') throw new AppError('boost_no_region');
    if (blocker || !profile || profile.regionId === null) throw new AppError('boost_not_listed');
    const { id: profileId, regionId } = profile;
    const price = (await this.settings.stored()).boost_credits;
    try {
      const bought = await this.prisma.$transaction(async (tx) => {
        const [member] = await queryRows<LockedMemberRow>(tx, lockedMemberStatement(userId));
        if (!member) throw new AppError('forbidden');
        // a racing repeat of this key waited for the lock: the first call's boost is its answer
        const first = await tx.boost.findUnique({
          where: { userId_idempotencyKey: { userId, idempotencyKey: key } },
          select: BOOST_SELECT,
        });
        if (first) return { boost: first, credits: member.credits, replayed: true };
        if (await this.running(tx, userId, now)) throw new AppError('boost_running');
        const { free } = freeBoost(member.paid_user, await this.lastFree(tx, userId, now), now);
        const boost = await tx.boost.create({
          data: {
            userId,
            profileId,
            regionId,
            startsAt: now,
            endsAt: boostEnd(now),
            credits: free ? 0 : price,
            free,
            idempotencyKey: key,
          },
          select: BOOST_SELECT,
        });
        const credits = free
          ? member.credits
          : await this.credits.debit(tx, {
              userId,
              amount: price,
              reason: 'boost',
              boostId: boost.id,
            });
        return { boost, credits, replayed: false };
      });
      if (!bought.replayed && !bought.boost.free) {
        this.realtime.toMember(userId, 'credits:changed', { credits: bought.credits });
      }
      return {
        answer: { boost: presentBoost(bought.boost), credits: bought.credits },
        replayed: bought.replayed,
      };
    } catch (error) {
      if (!isUniqueViolation(error) && !isExclusionViolation(error)) throw error;
      // the constraints behind the lock: the same key, or a boost that overlaps
      const first = await this.byKey(userId, key);
      if (first) return first;
      throw new AppError('boost_running');
    }
  }

  /** The boost bought with this key, as the answer a repeat gets (the balance as it is now). */
  private async byKey(userId: number, key: string): Promise<Purchased | null> {
    const boost = await this.prisma.boost.findUnique({
      where: { userId_idempotencyKey: { userId, idempotencyKey: key } },
      select: BOOST_SELECT,
    });
    if (!boost) return null;
    const user = await this.prisma.user.findUniqueOrThrow({
      where: { id: userId },
      select: { credits: true },
    });
    return { answer: { boost: presentBoost(boost), credits: user.credits }, replayed: true };
  }

  /** The member's boost that has not ended (at most one: boosts_one_running). */
  private running(db: Db, userId: number, now: Date) {
    return db.boost.findFirst({
      where: { userId, endsAt: { gt: now } },
      orderBy: { startsAt: 'desc' },
      select: BOOST_SELECT,
    });
  }

  /** When the member's last free boost within the free window started (null: none). */
  private async lastFree(db: Db, userId: number, now: Date): Promise<Date | null> {
    const row = await db.boost.findFirst({
      where: { userId, free: true, startsAt: { gt: freeWindowStart(now) } },
      orderBy: { startsAt: 'desc' },
      select: { startsAt: true },
    });
    return row?.startsAt ?? null;
  }
}
