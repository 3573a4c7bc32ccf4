import { runScript } from './helpers/databases';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The bench's large data set (tests/perf/seed-million.ts), run small into a test database: it
 * marks a realistic share of its members verified (those with an approved photo only, never a
 * chat pal), so the search's verified filter is measured on realistic data, and gives a data set
 * seeded before the badge existed its share once.
 */
describe('the bench seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const seed = (count: number) => {
    const url = new URL(t.databaseUrl);
    const run = runScript('tests/perf/seed-million.ts', [String(count)], {
      DATABASE_URL: t.databaseUrl,
      BENCH_DATABASE: url.pathname.slice(1),
    });
    if (run.status !== 0) throw new Error(`seed-million failed:\n${run.stdout}\n${run.stderr}`);
  };
  const shares = async () => {
    const [row] = await t.prisma.$queryRaw<
      { members: number; verified: number; without_photo: number; bad_dates: number }[]
    >`
      SELECT count(*)::int AS members,
             count(*) FILTER (WHERE p.verified)::int AS verified,
             count(*) FILTER (WHERE p.verified AND p.main_photo_id IS NULL)::int AS without_photo,
             count(*) FILTER (WHERE p.verified AND (p.verified_at IS NULL
               OR p.verified_at < p.created_at OR p.verified_at > now()))::int AS bad_dates
      FROM profiles p JOIN users u ON u.id = p.user_id
      WHERE u.email LIKE 'bench-%@bench.test'`;
    return row!;
  };

  it('marks about a tenth of its members verified, each with an approved photo and a date after joining', async () => {
    seed(4000);
    const first = await shares();
    expect(first.members).toBe(4000);
    // 70% with a photo, 15% of those verified: about 10.5% (4000 members: well within 6-15%)
    expect(first.verified / first.members).toBeGreaterThan(0.06);
    expect(first.verified / first.members).toBeLessThan(0.15);
    expect(first.without_photo).toBe(0);
    expect(first.bad_dates).toBe(0);

    // a data set seeded before the badge: its share is given once, and a further run keeps it
    await t.prisma.profile.updateMany({ data: { verified: false, verifiedAt: null } });
    seed(4000);
    const older = await shares();
    expect(older.verified / older.members).toBeGreaterThan(0.06);
    expect(older.verified / older.members).toBeLessThan(0.15);
    expect(older.without_photo).toBe(0);
    expect(older.bad_dates).toBe(0);
    seed(4000);
    expect((await shares()).verified).toBe(older.verified);
  }, 120_000);
});
