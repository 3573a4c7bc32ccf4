import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client';
import { PrismaService } from '../../prisma/prisma.service';
import { ReadPool } from '../../prisma/read-pool';
import { queryRows } from '../../prisma/sql';
import { cardRowOf, type ProfileCard } from '../card.presenter';
import type { ProfileCardRow } from '../card.sql';
import { listStatement, type ListCriteria, type ListPage } from '../list-query.sql';
import { PhotoPresenter } from '../photo.presenter';
import { CityDensity } from './city-density';
import { privacyPartnersAmong } from '../privacy-partners';
import { visibleProfileWhere, type Viewer } from '../visibility';

/**
 * Lists of other members under the `list` rule (search, the swipe game, the first matches after
 * signup, the landers, a profile page's related profiles), and the cards that show them.
 */
@Injectable()
export class MemberLists {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: ReadPool,
    private readonly photos: PhotoPresenter,
    private readonly density: CityDensity,
  ) {}

  /** Profiles a list may show the viewer, with the caller's filter, order and fields. */
  find<S extends Prisma.ProfileSelect>(
    viewer: Viewer,
    query: {
      where?: Prisma.ProfileWhereInput;
      orderBy?: Prisma.ProfileOrderByWithRelationInput[];
      take: number;
      select: S;
    },
  ): Promise<Prisma.ProfileGetPayload<{ select: S }>[]> {
    return this.prisma.profile.findMany({
      where: { AND: [visibleProfileWhere(viewer, 'list'), query.where ?? {}] },
      orderBy: query.orderBy,
      take: query.take,
      select: query.select,
    }) as Promise<Prisma.ProfileGetPayload<{ select: S }>[]>;
  }

  /**
   * A page of a member list the viewer may see (search), most recently active first, and on the
   * first page how many there are up to `countUpTo` + 1: one statement (list-query.sql.ts), the
   * `list` rule written in SQL beside the criteria.
   */
  async page(
    viewer: Viewer,
    criteria: ListCriteria,
    page: ListPage,
  ): Promise<{ rows: ProfileCardRow[]; counted: number }> {
    // a distance search in a dense area reads its page in the country's activity order
    const scanCities =
      !!criteria.cityIds &&
      !criteria.onlyProfileIds &&
      (await this.density.scanIsCheaper(criteria.cityIds, criteria.countries ?? [], page.take));
    // unnamed: planned for its values every time (list-query.sql.ts says why); on the read pool
    const rows = await this.reads.read(viewer?.userId, (db) =>
      queryRows(db, listStatement(viewer, criteria, { ...page, scanCities })),
    );
    return { rows: rows.map(cardRowOf), counted: rows[0]?.counted ?? 0 };
  }

  /**
   * Cards of rows read with PROFILE_CARD_SELECT under the visibility rule, each with its main
   * image as this viewer may have it (privacy mode: one statement for the whole list).
   */
  async cards(viewer: Viewer, rows: ProfileCardRow[], now = new Date()): Promise<ProfileCard[]> {
    const owners = rows.filter((row) => row.privacyMode).map((row) => row.userId);
    const partners = await this.reads.read(viewer?.userId, (db) =>
      privacyPartnersAmong(db, viewer, owners),
    );
    return rows.map((row) => this.photos.card(viewer, row, partners.has(row.userId), now));
  }
}
