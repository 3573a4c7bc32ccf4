import { Injectable } from '@nestjs/common';
import type { LanderMember, LandersQuery, LandersResponse } from '@app/contract';
import { PROFILE_CARD_SELECT, MemberLists, type ProfileCardRow } from '../member-access';

/** How long visitors share one answer: the landers are hit by every visitor. */
export const LANDERS_CACHE_MS = 30_000;
/** Distinct answers kept at most (count x member); beyond it the cache starts afresh. */
const CACHE_ENTRIES_MAX = 500;
/** How many recently active members are read to pick those with a photo first. */
const CANDIDATES_PER_MEMBER = 3;

const LANDER_SELECT = {
  ...PROFILE_CARD_SELECT,
  city: { select: { name: true, latitude: true, longitude: true } },
} as const;

type LanderRow = ProfileCardRow & {
  city: { name: string; latitude: number; longitude: number } | null;
};

/**
 * The members the landing pages show visitors (GET /api/landers.php). Read through the one
 * visibility rule as a visitor (`list`: active, confirmed, not invisible) and, on top of it,
 * never a member in privacy mode (their photos are for the members they wrote to; a lander is
 * no place for them). Photos follow the photo rule for visitors; `fictional` stays on every card.
 * Answers are the same for every visitor, so they are shared for LANDERS_CACHE_MS.
 */
@Injectable()
export class LandersService {
  private readonly cache = new Map<string, { until: number; answer: Promise<LandersResponse> }>();

  constructor(private readonly lists: MemberLists) {}

  showcase(query: LandersQuery, now = Date.now()): Promise<LandersResponse> {
    const key = `${query.count}:${query.member ?? ''}`;
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.answer;
    if (this.cache.size >= CACHE_ENTRIES_MAX) this.cache.clear();
    const answer = this.read(query);
    this.cache.set(key, { until: now + LANDERS_CACHE_MS, answer });
    // a failed read is not shared: the next visitor tries again
    answer.catch(() => this.cache.delete(key));
    return answer;
  }

  /** Forgets every shared answer (tests). */
  forget(): void {
    this.cache.clear();
  }

  private async read({ count, member }: LandersQuery): Promise<LandersResponse> {
    const [candidates, asked] = await Promise.all([
      this.lists.find(null, {
        where: { privacyMode: false, ...(member ? { id: { not: member } } : {}) },
        orderBy: [{ lastActiveAt: 'desc' }, { id: 'asc' }],
        take: count * CANDIDATES_PER_MEMBER,
        select: LANDER_SELECT,
      }),
      member
        ? this.lists.find(null, {
            where: { id: member, privacyMode: false },
            take: 1,
            select: LANDER_SELECT,
          })
        : Promise.resolve([]),
    ]);
    // members with an approved main photo first (a stable sort keeps the activity order)
    const rows = [...candidates]
      .sort((a, b) => Number(hasPhoto(b)) - Number(hasPhoto(a)))
      .slice(0, count);
    const members = await this.present(rows);
    const [shown] = await this.present(asked);
    return { members, member: shown ?? null };
  }

  private async present(rows: LanderRow[]): Promise<LanderMember[]> {
    const cards = await this.lists.cards(null, rows);
    return cards.map((card, i) => ({
      ...card,
      latitude: rows[i].city?.latitude ?? null,
      longitude: rows[i].city?.longitude ?? null,
    }));
  }
}

function hasPhoto(row: LanderRow): boolean {
  return row.mainPhoto?.status === 'active';
}
