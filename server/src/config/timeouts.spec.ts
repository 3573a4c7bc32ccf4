import { loadConfig } from './config';
import { REQUEST_BUDGET_MS, databaseTimeouts, forJobs, redisRequestOptions } from './timeouts';

const base = { DATABASE_URL: 'postgresql://h/x' };

describe('timeouts', () => {
  it('keeps the longest wait of a request on PostgreSQL within its budget by default', () => {
    const db = databaseTimeouts(loadConfig(base));
    expect(db.connectMs + db.queryMs).toBeLessThanOrEqual(REQUEST_BUDGET_MS);
    expect(db.statementMs).toBeLessThan(db.queryMs);
  });

  it('keeps a Redis command of a request within its budget, with no offline queue', () => {
    const redis = redisRequestOptions(loadConfig(base));
    expect(redis.commandTimeout).toBeLessThan(REQUEST_BUDGET_MS);
    expect(redis.socketTimeout).toBe(redis.commandTimeout);
    expect(redis.enableOfflineQueue).toBe(false);
  });

  it('refuses a statement timeout that PostgreSQL would not reach before the client gives up', () => {
    expect(() =>
      loadConfig({ ...base, DB_STATEMENT_TIMEOUT_MS: '2000', DB_QUERY_TIMEOUT_MS: '2000' }),
    ).toThrow(/DB_STATEMENT_TIMEOUT_MS must be below DB_QUERY_TIMEOUT_MS/);
  });

  it("gives the worker's statements their own longer limit, the client's wait above it", () => {
    const jobs = databaseTimeouts(
      forJobs(loadConfig({ ...base, JOB_STATEMENT_TIMEOUT_MS: '20000' })),
    );
    expect(jobs.statementMs).toBe(20_000);
    expect(jobs.queryMs).toBe(20_250);
    expect(jobs.connectMs).toBe(1_000);
  });

  it('lets a job wait for a pooled connection as long as a statement of another job may hold it', () => {
    const request = databaseTimeouts(loadConfig(base));
    const jobs = databaseTimeouts(forJobs(loadConfig(base)));
    expect(request.poolWaitMs).toBe(REQUEST_BUDGET_MS);
    expect(jobs.poolWaitMs).toBeGreaterThanOrEqual(jobs.queryMs);
  });
});
