import { Injectable } from '@nestjs/common';
import { BOOSTS_FIRST_MAX } from '@app/contract';
import { ReadPool } from '../prisma/read-pool';
import { queryRows } from '../prisma/sql';
import { boostedInRegionStatement, type BoostedRow } from './boosts.sql';

/**
 * Which members a search puts first (issue 38 item 3): the profiles whose boost runs now in the
 * search's region (its region filter, else the searching member's own region), newest boost
 * first, at most BOOSTS_FIRST_MAX. One small read of the boosts table on the read pool (a boost
 * bought a moment ago may show a moment later on a replica); the search then shows those of them
 * its rule and filters allow (member-access).
 */
@Injectable()
export class BoostedMembers {
  constructor(private readonly reads: ReadPool) {}

  async inRegion(
    regionId: number | undefined,
    viewerId: number | null,
    now = new Date(),
  ): Promise<number[]> {
    if (regionId === undefined && viewerId === null) return [];
    const rows = await this.reads.read(viewerId, (db) =>
      queryRows<BoostedRow>(
        db,
        boostedInRegionStatement(regionId ?? null, viewerId, now, BOOSTS_FIRST_MAX),
      ),
    );
    return rows.map((row) => row.profile_id);
  }
}
