import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../prisma/prisma.service';
import { queryRows } from '../../prisma/sql';
import { cardRowOf, type ProfileCard } from '../card.presenter';
import { PhotoPresenter } from '../photo.presenter';
import type { Viewer } from '../visibility';
import { favouritesStatement } from './favourites.sql';

/**
 * The favourites feature's read (issue 38 item 2): the viewer's own favourites under the
 * `list` rule, so a member who blocks the viewer (or is blocked), goes invisible, is deleted or
 * banned disappears from the list while that lasts.
 */
@Injectable()
export class FavouriteCards {
  constructor(
    private readonly prisma: PrismaService,
    private readonly photos: PhotoPresenter,
  ) {}

  /** The viewer's favourites, newest first, as cards. */
  async of(viewer: NonNullable<Viewer>, now = new Date()): Promise<ProfileCard[]> {
    const rows = await queryRows(this.prisma.pool, favouritesStatement(viewer.userId));
    return rows.map((row) => this.photos.card(viewer, cardRowOf(row), row.partner, now));
  }
}
