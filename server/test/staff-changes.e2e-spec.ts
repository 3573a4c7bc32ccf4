import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { INVALIDATION_CHANNEL } from '../src/redis/invalidation';
import { StaffChanges, type StaffPrincipal } from '../src/staff';
import { useTestApp } from './helpers/test-app';

/** The one way staff changes the catalogue and settings: the change, its audit row, the news. */
describe('a staff change (StaffChanges)', () => {
  const t = useTestApp();
  const admin: StaffPrincipal = {
    sessionId: randomUUID(),
    userId: 1,
    email: 'admin@example.test',
    name: 'Admin',
    roles: ['admin'],
  };
  /**
   * What the processes were told during `act`, read on the invalidation channel: a marker sent
   * after `act` arrives after everything `act` published.
   */
  const toldDuring = async (act: () => Promise<unknown>) => {
    const listener = new Redis(t.config.REDIS_URL);
    const heard: string[] = [];
    const marker = `marker-${randomUUID()}`;
    let markerHeard: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (markerHeard = resolve));
    listener.on('message', (_channel: string, message: string) =>
      message === marker ? markerHeard() : heard.push(message),
    );
    await listener.subscribe(INVALIDATION_CHANNEL);
    try {
      await act().catch(() => undefined);
      await t.redis.publish(INVALIDATION_CHANNEL, marker);
      await arrived;
      return heard;
    } finally {
      listener.disconnect();
    }
  };
  const gift = (slug: string) => ({
    slug,
    names: { nl: slug },
    image: 'rose.svg',
    credits: 10,
    position: 99,
  });

  it('writes the change and its audit row together, then tells every process', async () => {
    const slug = `together_${Date.now()}`;
    let made = { id: 0 };
    const topics = await toldDuring(async () => {
      made = await t.app.get(StaffChanges).apply(admin, '192.0.2.1', 'gifts', async (tx) => {
        const row = await tx.gift.create({ data: gift(slug) });
        return {
          result: row,
          audit: { action: 'gift.create', subjectType: 'gift', subjectId: row.id, after: { slug } },
        };
      });
    });
    const rows = await t.prisma.staffAuditEntry.findMany({
      where: { action: 'gift.create', subjectId: String(made.id) },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: 1, actorRoles: ['admin'], ip: '192.0.2.1' });
    expect(topics).toEqual(['gifts']);
  });

  it('undoes the change when its audit row cannot be written, and tells no process', async () => {
    const slug = `unaudited_${Date.now()}`;
    let failure: unknown = null;
    const topics = await toldDuring(() =>
      t.app
        .get(StaffChanges)
        .apply(admin, undefined, 'gifts', async (tx) => {
          const row = await tx.gift.create({ data: gift(slug) });
          // longer than the audit log's subject_type column: the row cannot be written
          return {
            result: row,
            audit: { action: 'gift.create', subjectType: 'x'.repeat(40), subjectId: row.id },
          };
        })
        .catch((error: unknown) => (failure = error)),
    );
    expect(failure).not.toBeNull();
    expect(await t.prisma.gift.findUnique({ where: { slug } })).toBeNull();
    expect(topics).toEqual([]);
  });

  it('writes no audit row and tells no process when the change changed nothing', async () => {
    const before = await t.prisma.staffAuditEntry.count();
    let answer = '';
    const topics = await toldDuring(async () => {
      answer = await t.app
        .get(StaffChanges)
        .apply(admin, undefined, 'gifts', () =>
          Promise.resolve({ result: 'unchanged', audit: null }),
        );
    });
    expect(answer).toBe('unchanged');
    expect(await t.prisma.staffAuditEntry.count()).toBe(before);
    expect(topics).toEqual([]);
  });
});
