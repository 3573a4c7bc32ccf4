import { Injectable, Logger } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { Maintenance, type MaintenanceTask } from '../queue';

/**
 * Hourly: expired sessions and expired trusted browsers are deleted, so both tables hold only
 * what can still log someone in.
 */
@Injectable()
@Maintenance('purge-expired-sessions')
export class ExpiredSessionsTask implements MaintenanceTask {
  private readonly logger = new Logger('Sessions');

  constructor(private readonly prisma: PrismaService) {}

  async run(now = new Date()): Promise<Record<string, number>> {
    const [sessions, devices] = await this.prisma.$transaction([
      this.prisma.session.deleteMany({ where: { expiresAt: { lte: now } } }),
      this.prisma.trustedDevice.deleteMany({ where: { expiresAt: { lte: now } } }),
    ]);
    if (sessions.count) this.logger.log(`Deleted ${sessions.count} expired sessions`);
    return { deleted: sessions.count, devices: devices.count };
  }
}
