import { Injectable } from '@nestjs/common';
import type { Gift } from '@app/contract';
import { PrismaService } from '../prisma/prisma.service';

const CACHE_MS = 10_000;
/** Where the gift pictures are served (server/assets/gifts, see ChatsModule). */
export const GIFT_IMAGE_PATH = '/media/gifts/';

/**
 * The gift catalogue (seeded; operators may change prices or retire gifts): read briefly cached,
 * since every message with a gift shows it. Retired gifts stay known for old messages.
 */
@Injectable()
export class GiftsService {
  private cache: { at: number; value: Promise<{ all: Map<number, Gift>; active: Gift[] }> } | null =
    null;

  constructor(private readonly prisma: PrismaService) {}

  private load() {
    const now = Date.now();
    if (!this.cache || now - this.cache.at > CACHE_MS) {
      const value = this.prisma.gift
        .findMany({ orderBy: [{ position: 'asc' }, { id: 'asc' }] })
        .then((rows) => {
          const all = new Map<number, Gift>();
          const active: Gift[] = [];
          for (const row of rows) {
            const gift = {
              id: row.id,
              slug: row.slug,
              image: `${GIFT_IMAGE_PATH}${row.image}`,
              credits: row.credits,
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
