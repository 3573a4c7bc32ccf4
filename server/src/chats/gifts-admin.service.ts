import { Injectable } from '@nestjs/common';
import type { GiftChange, GiftNames, StaffGift } from '@app/contract';
import { AppError } from '../common/app-error';
import type { Gift, Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { SettingsService } from '../settings';
import { StaffChanges, type StaffPrincipal } from '../staff';
import { GIFT_IMAGE_DIR } from './gifts.service';
import { lockGiftStatement, type LockedGiftRow } from './gifts-admin.sql';

function present(row: Gift): StaffGift {
  return {
    id: row.id,
    slug: row.slug,
    names: (row.names ?? {}) as Partial<GiftNames>,
    image: row.image,
    credits: row.credits,
    position: row.position,
    active: row.active,
  };
}

/**
 * Admins' gifts: a name in each of the seven languages, a picture of the site's gift set, a
 * price in credits (at least gift_credits is charged), an order. A gift is never deleted
 * (messages show it): it is deactivated and stays known to old messages. Its price may change
 * in place: a sent gift's message keeps what it cost (messages.credits_cost).
 */
@Injectable()
export class GiftsAdmin {
  constructor(
    private readonly prisma: PrismaService,
    private readonly changes: StaffChanges,
    private readonly settings: SettingsService,
  ) {}

  /** The gifts, and where their pictures are served (cdn_prefix, as every media URL). */
  async list() {
    const [rows, stored] = await Promise.all([
      this.prisma.gift.findMany({
        orderBy: [{ active: 'desc' }, { position: 'asc' }, { id: 'asc' }],
      }),
      this.settings.stored(),
    ]);
    return { gifts: rows.map(present), image_prefix: `${stored.cdn_prefix}${GIFT_IMAGE_DIR}` };
  }

  async create(
    staff: StaffPrincipal,
    body: { slug: string; names: GiftNames; image: string; credits: number; position: number },
    ip?: string,
  ) {
    const gift = await this.changes.apply(staff, ip, 'gifts', async (tx) => {
      const made = await tx.gift.createManyAndReturn({
        data: [
          {
            slug: body.slug,
            names: body.names,
            image: body.image,
            credits: body.credits,
            position: body.position,
          },
        ],
        skipDuplicates: true,
      });
      if (made.length === 0) throw new AppError('code_taken', {}, 'slug');
      const view = present(made[0]);
      return {
        result: view,
        audit: { action: 'gift.create', subjectType: 'gift', subjectId: view.id, after: view },
      };
    });
    return { gift };
  }

  async change(staff: StaffPrincipal, id: number, change: GiftChange, ip?: string) {
    const gift = await this.changes.apply(staff, ip, 'gifts', async (tx) => {
      const locked = await queryRows<LockedGiftRow>(tx, lockGiftStatement(id));
      if (locked.length === 0) throw new AppError('not_found');
      const old = present(await tx.gift.findUniqueOrThrow({ where: { id } }));
      const data: Prisma.GiftUpdateInput = {
        ...(change.names ? { names: change.names } : {}),
        ...(change.image !== undefined ? { image: change.image } : {}),
        ...(change.credits !== undefined ? { credits: change.credits } : {}),
        ...(change.position !== undefined ? { position: change.position } : {}),
        ...(change.active !== undefined ? { active: change.active } : {}),
      };
      const after = present(await tx.gift.update({ where: { id }, data }));
      return {
        result: after,
        audit: { action: 'gift.change', subjectType: 'gift', subjectId: id, before: old, after },
      };
    });
    return { gift };
  }
}
