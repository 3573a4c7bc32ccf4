import type pg from 'pg';
import type { Prisma } from '../generated/prisma/client';
import { PG_ROW_TYPES } from './pg-types';

/**
 * A transaction that a statement runs in: Prisma's interactive transaction, or a `pg` client of
 * PrismaService.pool inside `pgTransaction` (the hot write paths: a chat send spends most of its
 * CPU in Prisma's transaction machinery otherwise). A statement written once as a `Prisma.sql`
 * template runs in either, and outside a transaction (SqlRunner). Each keeps its own reading of a `bigint`:
 * Prisma answers a bigint, `pg` a number (pg-types.ts), so a row type that both read says
 * `bigint | number` and a caller keeps to one of them.
 */
export type SqlTx = Prisma.TransactionClient | pg.PoolClient;

/** A transaction, or outside one: Prisma's client (PrismaService) or `pg`'s pool. */
export type SqlRunner = SqlTx | pg.Pool;

/**
 * A prepared statement whose text numbers its values itself (`$1` standing in several places:
 * the viewer in each part of the visibility rule), which a `Prisma.sql` template cannot say
 * (each `${value}` is a parameter of its own). Made by `numbered` in a `.sql.ts` file, from its
 * constant text; it runs on `pg` only, always by its name (parsed and planned once per
 * connection: the hot reads of member-access). `Row` is the type of its rows.
 */
export interface NumberedStatement<Row> {
  /** None: sent unnamed, planned for its values every time (the search statement). */
  readonly name?: string;
  readonly text: string;
  readonly values: unknown[];
  /** Never set: carries the row type to queryRows. */
  readonly row?: Row;
}

/** A named statement of numbered text; call it with its values, in the numbers' order. */
export function numbered<Row, Values extends unknown[]>(
  name: string,
  text: string,
): (...values: Values) => NumberedStatement<Row> {
  return (...values) => ({ name, text, values });
}

/** Where a numbered statement runs: `pg`'s pool or one of its connections. */
export type PgRunner = pg.Pool | pg.PoolClient;

/**
 * The rows of one statement where it runs (pg's rows read as Prisma reads them, PG_ROW_TYPES).
 * `name` makes it a named prepared statement on a `pg` connection (parsed and planned once per
 * connection: the hot polling reads); Prisma ignores it. Values are always bound.
 */
export async function queryRows<T>(
  tx: SqlRunner,
  statement: Prisma.Sql,
  name?: string,
): Promise<T[]>;
export async function queryRows<T>(tx: PgRunner, statement: NumberedStatement<T>): Promise<T[]>;
export async function queryRows<T>(
  tx: SqlRunner,
  statement: Prisma.Sql | NumberedStatement<T>,
  name?: string,
): Promise<T[]> {
  const numberedOne = !('strings' in statement);
  if ('$queryRaw' in tx) {
    if (numberedOne) throw new Error('a numbered statement runs on pg, not on Prisma');
    return tx.$queryRaw<T[]>(statement);
  }
  const named = numberedOne ? statement.name : name;
  const result = await tx.query<T & pg.QueryResultRow>({
    ...(named === undefined ? {} : { name: named }),
    text: statement.text,
    values: statement.values,
    types: PG_ROW_TYPES,
  });
  return result.rows;
}

/** How many rows one statement changed, where it runs (as queryRows; no rows read back). */
export async function executeStatement(tx: SqlRunner, statement: Prisma.Sql): Promise<number> {
  if ('$executeRaw' in tx) return tx.$executeRaw(statement);
  const result = await tx.query({ text: statement.text, values: statement.values });
  return result.rowCount ?? 0;
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
