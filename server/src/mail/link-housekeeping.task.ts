import { Injectable } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { Maintenance, type MaintenanceTask } from '../queue';

/** Used or expired links and given-up mails are kept this long for support questions. */
const KEEP_MS = 30 * 86_400_000;

/** Hourly: mailed links used or expired a month ago and mails given up a month ago go. */
@Injectable()
@Maintenance('purge-expired-links')
export class LinkHousekeepingTask implements MaintenanceTask {
  constructor(private readonly prisma: PrismaService) {}

  async run(now = new Date()): Promise<Record<string, number>> {
    const before = new Date(now.getTime() - KEEP_MS);
    const [links, mails] = await this.prisma.$transaction([
      this.prisma.emailToken.deleteMany({
        where: { OR: [{ expiresAt: { lte: before } }, { usedAt: { lte: before } }] },
      }),
      this.prisma.mailIntent.deleteMany({ where: { failedAt: { lte: before } } }),
    ]);
    return { links: links.count, mails: mails.count };
  }
}
