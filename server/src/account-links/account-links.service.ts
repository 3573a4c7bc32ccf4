import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

type Db = PrismaService | Prisma.TransactionClient;

export type SignalKind = 'device' | 'address_range' | 'payment';

/**
 * The signals that deny a once-per-person benefit to a linked account: the same browser or the
 * same payment instrument. The address range alone never does (an office, a school or a mobile
 * carrier's CGNAT puts many people behind one range): staff only see it.
 */
export const DENYING: readonly SignalKind[] = ['device', 'payment'];

export interface LinkedAccount {
  userId: number;
  kinds: SignalKind[];
}

const digest = (kind: SignalKind, value: string) =>
  createHash('sha256').update(`${kind}:${value}`).digest('hex');

/**
 * What ties accounts to one person (issue 35): each account's signals (account_signals), and
 * the accounts that share one. Browser and payment values are kept as SHA-256 hashes (the
 * cookie's token, the provider's fingerprint); the address range as it is (staff read it).
 */
@Injectable()
export class AccountLinks {
  constructor(private readonly prisma: PrismaService) {}

  /** The browser cookie's token as a signal. */
  static device(token: string): { kind: SignalKind; value: string } {
    return { kind: 'device', value: digest('device', token) };
  }

  /** A payment instrument's fingerprint (the provider's) as a signal. */
  static payment(fingerprint: string): { kind: SignalKind; value: string } {
    return { kind: 'payment', value: digest('payment', fingerprint) };
  }

  /** The address's range (IPv4 /24, IPv6 /64) as a signal; null for no or a bad address. */
  static addressRange(ip: string | undefined): { kind: SignalKind; value: string } | null {
    if (!ip) return null;
    try {
      const address = ipaddr.process(ip);
      if (address.kind() === 'ipv4') {
        const [a, b, c] = (address as ipaddr.IPv4).octets;
        return { kind: 'address_range', value: `${a}.${b}.${c}.0/24` };
      }
      const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
      return {
        kind: 'address_range',
        value: `${parts.map((part) => part.toString(16)).join(':')}::/64`,
      };
    } catch {
      return null;
    }
  }

  /** Records signals of an account (each once). */
  async record(
    userId: number,
    signals: ({ kind: SignalKind; value: string } | null)[],
    db: Db = this.prisma,
  ): Promise<void> {
    const data = signals
      .filter((signal): signal is { kind: SignalKind; value: string } => signal !== null)
      .map((signal) => ({ userId, ...signal }));
    if (data.length > 0) await db.accountSignal.createMany({ data, skipDuplicates: true });
  }

  /** The other accounts that share a signal with this one, with which signals (any kind). */
  async linked(userId: number, db: Db = this.prisma): Promise<LinkedAccount[]> {
    const mine = await db.accountSignal.findMany({
      where: { userId },
      select: { kind: true, value: true },
    });
    if (mine.length === 0) return [];
    const others = await db.accountSignal.findMany({
      where: {
        userId: { not: userId },
        OR: mine.map(({ kind, value }) => ({ kind, value })),
      },
      select: { userId: true, kind: true },
      orderBy: [{ userId: 'asc' }, { kind: 'asc' }],
      take: 500,
    });
    const byUser = new Map<number, Set<SignalKind>>();
    for (const { userId: other, kind } of others) {
      const kinds = byUser.get(other) ?? new Set<SignalKind>();
      kinds.add(kind as SignalKind);
      byUser.set(other, kinds);
    }
    return [...byUser].map(([id, kinds]) => ({ userId: id, kinds: [...kinds].sort() }));
  }

  /** The accounts linked to this one by a signal that denies a once-per-person benefit. */
  async samePerson(userId: number, db: Db = this.prisma): Promise<number[]> {
    return (await this.linked(userId, db))
      .filter((link) => link.kinds.some((kind) => DENYING.includes(kind)))
      .map((link) => link.userId);
  }
}
