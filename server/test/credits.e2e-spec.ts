import { CreditsService } from '../src/credits';
import { SettingsService } from '../src/settings/settings.service';
import { PrismaService } from '../src/prisma/prisma.service';
import { signupBody } from './helpers/accounts';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('credits', () => {
  let t: TestApp;
  let credits: CreditsService;
  beforeAll(async () => {
    t = await createTestApp({ DB_POOL_SIZE: '20' });
    credits = t.app.get(CreditsService);
  });
  afterAll(() => t.close());

  async function memberWith(balance: number): Promise<number> {
    const user = await t.prisma.user.create({
      data: { email: `credits${Date.now()}${Math.random()}@example.test`, status: 'confirmed' },
    });
    if (balance > 0) {
      await t.prisma.$transaction((tx) =>
        credits.credit(tx, { userId: user.id, amount: balance, reason: 'purchase' }),
      );
    }
    return user.id;
  }

  it('lets 50 concurrent debits of 1 on a balance of 10 take exactly 10, never going below 0', async () => {
    const userId = await memberWith(10);
    const prisma = t.app.get(PrismaService);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        // 50 transactions share 20 connections: they wait for one as long as the pool lets
        // them (DB_POOL_WAIT_MS), not Prisma's own default of 2 s
        prisma.$transaction((tx) => credits.debit(tx, { userId, amount: 1, reason: 'message' })),
      ),
    );
    const taken = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(taken).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'insufficient_credits' });
    }
    const user = await t.prisma.user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.credits).toBe(0);

    // the ledger adds up: every change is there, and each row's balance follows from the last
    const ledger = await t.prisma.creditLedgerEntry.findMany({
      where: { userId },
      orderBy: { id: 'asc' },
    });
    expect(ledger).toHaveLength(11);
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(user.credits);
    let balance = 0;
    for (const row of ledger) {
      balance += row.delta;
      expect(row.balanceAfter).toBe(balance);
    }
    expect(
      (taken as PromiseFulfilledResult<number>[]).map((r) => r.value).sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('leaves balance and ledger untouched when the rest of the transaction fails', async () => {
    const userId = await memberWith(5);
    await expect(
      t.prisma.$transaction(async (tx) => {
        await credits.debit(tx, { userId, amount: 3, reason: 'message' });
        throw new Error('the message could not be stored');
      }),
    ).rejects.toThrow('the message could not be stored');
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: userId } })).credits).toBe(5);
    expect(await t.prisma.creditLedgerEntry.count({ where: { userId } })).toBe(1);
  });

  it('refuses in the database itself a balance or a ledger balance below zero', async () => {
    const userId = await memberWith(0);
    await expect(
      t.prisma.$executeRaw`UPDATE users SET credits = -1 WHERE id = ${userId}`,
    ).rejects.toThrow(/users_credits_non_negative/);
    await expect(
      t.prisma.creditLedgerEntry.create({
        data: { userId, delta: -1, balanceAfter: -1, reason: 'adjustment' },
      }),
    ).rejects.toThrow();
  });

  it('books the signup bonus through the ledger', async () => {
    await t.prisma.setting.upsert({
      where: { key: 'signup_credits' },
      create: { key: 'signup_credits', value: 7 },
      update: { value: 7 },
    });
    t.app.get(SettingsService).invalidate();
    const res = await t
      .http()
      .post('/api/signup.php')
      .set('X-Request-Type', 'client')
      .send(signupBody())
      .expect(201);
    expect(res.body.user.credits).toBe(7);
    const ledger = await t.prisma.creditLedgerEntry.findMany({
      where: { userId: res.body.user.id },
    });
    expect(ledger).toEqual([
      expect.objectContaining({ delta: 7, balanceAfter: 7, reason: 'signup_bonus' }),
    ]);
  });
});
