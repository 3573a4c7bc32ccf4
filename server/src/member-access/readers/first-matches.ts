import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../prisma/prisma.service';
import { queryRows } from '../../prisma/sql';
import { cardRowOf } from '../card.presenter';
import type { ProfileCardRow } from '../card.sql';
import type { Viewer } from '../visibility';
import { firstMatchCandidatesStatement } from './first-matches.sql';

/** The candidates for the first matches after signup (the members feature), and whose they are. */
export interface FirstMatchCandidates {
  /** The member's own region and birth date (null: no candidates, or no profile yet). */
  own: { regionId: number | null; dateOfBirth: Date } | null;
  /** Most recently active first. */
  rows: ProfileCardRow[];
}

/** The first matches' candidates under the `list` rule, with the member's own preferences. */
@Injectable()
export class FirstMatches {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Up to SIGNUP_MATCHES_CANDIDATES members of the gender the member seeks in their country,
   * newest first.
   */
  async candidates(viewer: NonNullable<Viewer>): Promise<FirstMatchCandidates> {
    const rows = await queryRows(this.prisma.pool, firstMatchCandidatesStatement(viewer.userId));
    const first = rows[0];
    return {
      own: first ? { regionId: first.own_region_id, dateOfBirth: first.own_date_of_birth } : null,
      rows: rows.map(cardRowOf),
    };
  }
}
