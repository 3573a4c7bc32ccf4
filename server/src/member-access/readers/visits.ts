import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../prisma/prisma.service';
import { utcTimestamp } from '../../prisma/pg-types';
import { queryRows } from '../../prisma/sql';
import { cardRowOf, type ProfileCard } from '../card.presenter';
import { PhotoPresenter } from '../photo.presenter';
import type { Viewer } from '../visibility';
import { recordVisitStatement, visitTimesStatement, visitorCardsStatement } from './visits.sql';

/** A page of visitors: when each came, and (premium) who it was. */
export interface VisitorsPage {
  total: number;
  visitors: { visitedAt: Date; card: ProfileCard | null }[];
}

/**
 * The visitors feature's reads and its one write that decides on other members: recording a
 * visit (the rule in visits.sql.ts: never by invisible members, chat pals or premium members
 * browsing unseen, never between blocked members) and the visitors page under the `list` rule.
 */
@Injectable()
export class ProfileVisits {
  constructor(
    private readonly prisma: PrismaService,
    private readonly photos: PhotoPresenter,
  ) {}

  /**
   * Records the viewer's visit of a profile (at most one per pair and day); the visited account
   * when this was the first visit of the day, else null.
   */
  async record(
    viewer: NonNullable<Viewer>,
    profileId: number,
    now = new Date(),
  ): Promise<number | null> {
    const rows = await queryRows(
      this.prisma.pool,
      recordVisitStatement(viewer.userId, profileId, utcTimestamp(now)),
    );
    return rows[0]?.visited_id ?? null;
  }

  /**
   * A page of the viewer's visitors since `since`, newest first. `who`: with the visitors'
   * cards (premium); without, only the times are read (a free member gets no id, name or photo).
   */
  async visitorsOf(
    viewer: NonNullable<Viewer>,
    options: { since: Date; take: number; skip: number; who: boolean },
    now = new Date(),
  ): Promise<VisitorsPage> {
    const values = [viewer.userId, utcTimestamp(options.since), options.take, options.skip] as [
      number,
      string,
      number,
      number,
    ];
    if (!options.who) {
      const rows = await queryRows(this.prisma.pool, visitTimesStatement(...values));
      return {
        total: rows[0]?.total ?? (await this.countOnly(viewer, options.since)),
        visitors: rows.map((row) => ({ visitedAt: row.visited_at, card: null })),
      };
    }
    const rows = await queryRows(this.prisma.pool, visitorCardsStatement(...values));
    return {
      total: rows[0]?.total ?? (await this.countOnly(viewer, options.since)),
      visitors: rows.map((row) => ({
        visitedAt: row.visited_at,
        card: this.photos.card(viewer, cardRowOf(row), row.partner, now),
      })),
    };
  }

  /** The count alone, for a page past the last (no row carries it). */
  private async countOnly(viewer: NonNullable<Viewer>, since: Date): Promise<number> {
    const rows = await queryRows(
      this.prisma.pool,
      visitTimesStatement(viewer.userId, utcTimestamp(since), 1, 0),
    );
    return rows[0]?.total ?? 0;
  }
}
