/**
 * Traffic report rows (daily_traffic) for the demo, journeys and benches: `days` days ending on
 * `to` (YYYY-MM-DD), per source a steady pattern of visits, bounces, signups, activations, first
 * purchases and revenue that varies by day, so charts and tables have something to show. Rows of
 * a source and day that exist are replaced. No member in them: the rollup holds counts only.
 *
 * No relative runtime imports (jest loads it directly, as member.ts).
 */
import type { PrismaClient } from '../../server/src/generated/prisma/client.ts';

export interface TrafficSeedSource {
  network: string;
  ref?: string;
  sub2?: string;
  lander?: string;
  slug?: string;
  /** Visits on an average day. */
  visits: number;
}

const DAY_MS = 86_400_000;

export async function seedTrafficDays(
  prisma: PrismaClient,
  { to, days, sources }: { to: string; days: number; sources: TrafficSeedSource[] },
): Promise<number> {
  const end = Date.parse(`${to}T00:00:00Z`);
  const data = [];
  for (let i = 0; i < days; i += 1) {
    const day = new Date(end - i * DAY_MS);
    for (const [s, source] of sources.entries()) {
      const wave = 1 + 0.3 * Math.sin((i + s * 2) / 2);
      const visits = Math.round(source.visits * wave);
      const signups = Math.round(visits / (8 + s * 3));
      const firstPurchases = Math.round(signups / (4 + s));
      data.push({
        day,
        network: source.network,
        ref: source.ref ?? '',
        sub1: '',
        sub2: source.sub2 ?? '',
        sub3: '',
        lander: source.lander ?? '',
        slug: source.slug ?? '',
        visits,
        bounces: Math.round(visits * (0.35 + 0.1 * s)),
        signups,
        activations: Math.round(signups * 0.7),
        firstPurchases,
        revenue: firstPurchases > 0 ? { EUR: firstPurchases * 1495 } : {},
      });
    }
  }
  const dates = [...new Set(data.map((row) => row.day.getTime()))].map((t) => new Date(t));
  await prisma.$transaction([
    prisma.dailyTraffic.deleteMany({
      where: { day: { in: dates }, network: { in: sources.map((s) => s.network) } },
    }),
    prisma.dailyTraffic.createMany({ data }),
  ]);
  return data.length;
}
