import { Injectable } from '@nestjs/common';
import type { Gift } from '@app/contract';
import { PrismaService } from '../prisma/prisma.service';
import { CacheInvalidation } from '../redis/invalidation';
import { SettingsService } from '../settings';

const CACHE_MS = 10_000;
/** The gift pictures are served under the media prefix (cdn_prefix): <prefix>gifts/<file>. */
export const GIFT_IMAGE_DIR = 'gifts/';

/**
 * The gift catalogue (seeded; admins add gifts, change prices or retire gifts): cached until a
 * change is announced (or briefly), since every message with a gift shows it. Retired gifts stay
 * known for old messages. A gift costs at least the setting gift_credits: one priced lower
 * costs that (what the picker shows and what sending it takes).
 */
@Injectable()
export class GiftsService {
  private cache: { at: number; value: Promise<{ all: Map<number, Gift>; active: Gift[] }> } | null =
    null;

  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
    invalidation: CacheInvalidation,
  ) {
    invalidation.on('gifts', () => (this.cache = null));
    invalidation.on('settings', () => (this.cache = null));
  }

  private load() {
    const now = Date.now();
    if (!this.cache || now - this.cache.at > CACHE_MS) {
      const value = Promise.all([
        this.prisma.gift.findMany({ orderBy: [{ position: 'asc' }, { id: 'asc' }] }),
        this.settings.stored(),
      ]).then(([rows, stored]) => {
        const all = new Map<number, Gift>();
        const active: Gift[] = [];
        for (const row of rows) {
          const gift = {
            id: row.id,
            slug: row.slug,
            image: `${stored.cdn_prefix}${GIFT_IMAGE_DIR}${row.image}`,
            credits: Math.max(row.credits, stored.gift_credits),
            names: row.names as Gift['names'],
          };
          all.set(row.id, gift);
          if (row.active) active.push(gift);
        }
        return { all, active };
      });
      this.cache = { at: now, value };
      value.catch(() => (this.cache = null));
    }
    return this.cache.value;
  }

  /** GET /api/gifts.php: the gifts on offer, in their order. */
  async active(): Promise<Gift[]> {
    return (await this.load()).active;
  }

  /** Every gift by id (messages show gifts that are no longer offered too). */
  async all(): Promise<ReadonlyMap<number, Gift>> {
    return (await this.load()).all;
  }

  /** A gift on offer, or null. */
  async offered(id: number): Promise<Gift | null> {
    return (await this.load()).active.find((gift) => gift.id === id) ?? null;
  }
}
