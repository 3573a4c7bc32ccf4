import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { hashToken, newToken } from '../common/tokens';
import { PrismaService } from '../prisma/prisma.service';

export const TRUSTED_DEVICE_DAYS = 180;
/** The most recent browsers a member keeps trusted; older ones are forgotten. */
export const TRUSTED_DEVICES_KEPT = 20;
const DAY_MS = 86_400_000;

/**
 * Browsers a member logged in from, or unlocked by the link of a lock mail. Their cookie holds a
 * random token (the database keeps its hash); a lock caused by someone else's wrong passwords
 * does not apply to them. A reset or password change forgets them all.
 */
@Injectable()
export class TrustedDevices {
  constructor(private readonly prisma: PrismaService) {}

  /** The id of the trusted browser behind `token`, if it is trusted for this member. */
  async idFor(token: string | undefined, userId: number, now = new Date()): Promise<string | null> {
    if (!token || token.length > 100) return null;
    const device = await this.prisma.trustedDevice.findUnique({
      where: { tokenHash: hashToken(token) },
      select: { id: true, userId: true, expiresAt: true },
    });
    return device && device.userId === userId && device.expiresAt > now ? device.id : null;
  }

  /** Trusts a browser of this member; returns the cookie's token and its expiry. */
  async trust(
    userId: number,
    db: Prisma.TransactionClient = this.prisma,
    now = new Date(),
  ): Promise<{ token: string; expiresAt: Date }> {
    const { token, tokenHash } = newToken();
    const expiresAt = new Date(now.getTime() + TRUSTED_DEVICE_DAYS * DAY_MS);
    await db.trustedDevice.create({ data: { userId, tokenHash, expiresAt } });
    const older = await db.trustedDevice.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      skip: TRUSTED_DEVICES_KEPT,
      select: { id: true },
    });
    if (older.length > 0) {
      await db.trustedDevice.deleteMany({ where: { id: { in: older.map((d) => d.id) } } });
    }
    return { token, expiresAt };
  }

  /** Forgets every trusted browser of a member (credentials changed or reset). */
  forgetAll(tx: Prisma.TransactionClient, userId: number) {
    return tx.trustedDevice.deleteMany({ where: { userId } });
  }
}
