import { Injectable } from '@nestjs/common';
import type { Prisma } from '../../generated/prisma/client';
import { PrismaService } from '../../prisma/prisma.service';

/**
 * The asking member's own profile, in any state: the one read of a profile that needs no
 * visibility rule (their profile editor, prices and checkout by country, the search's home
 * city, the swipe game's and the first matches' preferences, the sender's own profile id).
 */
@Injectable()
export class OwnProfileReads {
  constructor(private readonly prisma: PrismaService) {}

  /** These fields of the member's own profile (null: no profile yet). */
  read<S extends Prisma.ProfileSelect>(
    userId: number,
    select: S,
  ): Promise<Prisma.ProfileGetPayload<{ select: S }> | null> {
    return this.prisma.profile.findUnique({
      where: { userId },
      select,
    }) as Promise<Prisma.ProfileGetPayload<{ select: S }> | null>;
  }
}
