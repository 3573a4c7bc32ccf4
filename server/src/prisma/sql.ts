import type pg from 'pg';
import type { Prisma } from '../generated/prisma/client';
import { PG_ROW_TYPES } from './pg-types';

/**
 * A transaction that a statement runs in: Prisma's interactive transaction, or a `pg` client of
 * PrismaService.pool inside `pgTransaction` (the hot write paths: a chat send spends most of
 * its CPU in Prisma's transaction machinery otherwise). A statement written once as a
 * `Prisma.sql` template runs in either.
 */
export type SqlTx = Prisma.TransactionClient | pg.PoolClient;

/** The rows of one statement in the caller's transaction (pg's rows read as Prisma reads them). */
export async function queryRows<T>(tx: SqlTx, statement: Prisma.Sql): Promise<T[]> {
  if ('$queryRaw' in tx) return tx.$queryRaw<T[]>(statement);
  const result = await tx.query<T & pg.QueryResultRow>({
    text: statement.text,
    values: statement.values,
    types: PG_ROW_TYPES,
  });
  return result.rows;
}

/**
 * BEGIN, the work, COMMIT on one pooled connection (ROLLBACK when the work throws; a connection
 * whose rollback failed is closed, not returned to the pool).
 */
export async function pgTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollback: unknown) => {
      broken = rollback instanceof Error ? rollback : new Error(String(rollback));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}
