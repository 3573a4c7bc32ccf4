import { numbered } from '../../prisma/sql';
import { CARD_COLUMNS, CARD_JOINS, listRuleSql, type CardColumns } from '../card.sql';
import { privacyPartnerSql } from '../privacy-partner.sql';

/** At most this many favourites are shown (a private list; more is not a list any more). */
export const FAVOURITES_SHOWN_MAX = 500;

/**
 * The viewer's ($1) favourites a list may show them (the `list` rule: blocked, invisible,
 * deleted or banned members drop out while that lasts), newest first, with their cards.
 */
const FAVOURITES_SQL = `SELECT f.created_at AS favourited_at, ${CARD_COLUMNS},
    ${privacyPartnerSql('p.user_id', '$1')} AS partner
  FROM favourites f
  JOIN profiles p ON p.user_id = f.favourite_id
  ${CARD_JOINS}
  WHERE f.member_id = $1 AND ${listRuleSql('$1')}
  ORDER BY f.created_at DESC, p.id DESC
  LIMIT ${FAVOURITES_SHOWN_MAX}`;

export interface FavouriteColumns extends CardColumns {
  favourited_at: Date;
  partner: boolean;
}

export const favouritesStatement = numbered<FavouriteColumns, [member: number]>(
  'favourites',
  FAVOURITES_SQL,
);
