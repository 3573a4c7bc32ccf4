import { Injectable, Logger } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { executeStatement } from '../prisma/sql';
import { Maintenance, type MaintenanceTask } from '../queue';
import { SettingsService } from '../settings';
import { keptSince, retentionDays } from './visit-retention';
import { purgeOldVisits } from './visit-retention.sql';

/** Rows deleted per statement (each a short transaction of its own). */
const BATCH = 5_000;

/**
 * Hourly: profile visits older than the site setting visit_retention_days are deleted, so the
 * table holds only what the visitors page may still show.
 */
@Injectable()
@Maintenance('purge-old-visits')
export class VisitRetentionTask implements MaintenanceTask {
  private readonly logger = new Logger('Visits');

  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
  ) {}

  async run(now = new Date()): Promise<Record<string, number>> {
    const before = keptSince(retentionDays(await this.settings.stored()), now);
    let deleted = 0;
    for (;;) {
      const count = await executeStatement(this.prisma, purgeOldVisits(before, BATCH));
      deleted += count;
      if (count < BATCH) break;
    }
    if (deleted) this.logger.log(`Deleted ${deleted} profile visits past the retention`);
    return { deleted };
  }
}
