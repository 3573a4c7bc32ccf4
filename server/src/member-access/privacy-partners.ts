import type pg from 'pg';
import { queryRows } from '../prisma/sql';
import { privacyPartnersStatement } from './privacy-partner.sql';
import type { Viewer } from './visibility';

/** Which of these members show the viewer their photos in privacy mode (none to a visitor). */
export async function privacyPartnersAmong(
  pool: pg.Pool,
  viewer: Viewer,
  ownerIds: number[],
): Promise<Set<number>> {
  if (!viewer || ownerIds.length === 0) return new Set();
  const rows = await queryRows(pool, privacyPartnersStatement(viewer.userId, ownerIds));
  return new Set(rows.map((row) => row.user_id));
}
