import { Injectable } from '@nestjs/common';
import {
  LANDER_MEMBERS_MAX,
  type LanderMember,
  type LandersQuery,
  type LandersResponse,
} from '@app/contract';
import { PROFILE_CARD_SELECT, MemberLists, type ProfileCardRow } from '../member-access';

/** How long visitors share one answer: the landers are hit by every visitor. */
export const LANDERS_CACHE_MS = 30_000;
/**
 * Member landings' members kept at most (one card each); past it the oldest entry makes room, so
 * walking the ids evicts only other member landings' entries, never the landers' lists.
 */
const MEMBER_ENTRIES_MAX = 1000;
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
 * Answers shared by every visitor for LANDERS_CACHE_MS, at most `max` of them: a new key past it
 * drops the oldest entry (entries are kept in the order they were read, which is also the order
 * they expire in). A failed read is not shared: the next visitor tries again.
 */
class SharedAnswers<K, V> {
  private readonly entries = new Map<K, { until: number; answer: Promise<V> }>();

  constructor(private readonly max: number) {}

  get(key: K, now: number, read: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.answer;
    this.entries.delete(key);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const entry = { until: now + LANDERS_CACHE_MS, answer: read() };
    this.entries.set(key, entry);
    entry.answer.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.answer;
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * The members the landing pages show visitors (GET /api/landers.php). Read through the one
 * visibility rule as a visitor (`list`: active, confirmed, not invisible) and, on top of it,
 * never a member in privacy mode (their photos are for the members they wrote to; a lander is
 * no place for them). Photos follow the photo rule for visitors; `fictional` stays on every card.
 * Answers are the same for every visitor, so they are shared for LANDERS_CACHE_MS: the list of a
 * count (one more than asked, so that a member landing can leave its own member out) by count, at
 * most LANDER_MEMBERS_MAX of them, and a member landing's member by id, at most
 * MEMBER_ENTRIES_MAX.
 */
@Injectable()
export class LandersService {
  private readonly lists = new SharedAnswers<number, LanderMember[]>(LANDER_MEMBERS_MAX);
  private readonly members = new SharedAnswers<number, LanderMember | null>(MEMBER_ENTRIES_MAX);

  constructor(private readonly memberLists: MemberLists) {}

  async showcase({ count, member }: LandersQuery, now = Date.now()): Promise<LandersResponse> {
    const [listed, shown] = await Promise.all([
      this.lists.get(count, now, () => this.readList(count)),
      member ? this.members.get(member, now, () => this.readMember(member)) : null,
    ]);
    return { members: listed.filter((card) => card.id !== member).slice(0, count), member: shown };
  }

  /** How many answers are kept (tests): lists by count, member landings' members by id. */
  kept(): { lists: number; members: number } {
    return { lists: this.lists.size, members: this.members.size };
  }

  /** Forgets every shared answer (tests). */
  forget(): void {
    this.lists.clear();
    this.members.clear();
  }

  /**
   * `count + 1` members, most recently active first and those with an approved main photo before
   * the others (a stable sort keeps the activity order).
   */
  private async readList(count: number): Promise<LanderMember[]> {
    const candidates = await this.memberLists.find(null, {
      where: { privacyMode: false },
      orderBy: [{ lastActiveAt: 'desc' }, { id: 'asc' }],
      take: count * CANDIDATES_PER_MEMBER + 1,
      select: LANDER_SELECT,
    });
    const rows = [...candidates]
      .sort((a, b) => Number(hasPhoto(b)) - Number(hasPhoto(a)))
      .slice(0, count + 1);
    return this.present(rows);
  }

  /** A member landing's member, or null when visitors may not see them. */
  private async readMember(id: number): Promise<LanderMember | null> {
    const rows = await this.memberLists.find(null, {
      where: { id, privacyMode: false },
      take: 1,
      select: LANDER_SELECT,
    });
    const [shown] = await this.present(rows);
    return shown ?? null;
  }

  private async present(rows: LanderRow[]): Promise<LanderMember[]> {
    const cards = await this.memberLists.cards(null, rows);
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
