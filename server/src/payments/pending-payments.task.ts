import { Injectable, Logger } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { Maintenance, type MaintenanceTask } from '../queue';
import { SettlementService } from './settlement.service';

const MINUTE = 60_000;
/** Bank transfers and direct debits can take this long; older pending payments are left. */
const WATCH_DAYS = 30;

/**
 * Hourly: pending payments whose webhook did not come (the provider could not reach us, or the
 * site had no public address) are read from the provider, so a paid payment is credited even
 * when the member never returns to the site. Then the discount codes reserved by payments that
 * will not end by themselves are released (SettlementService.lapse).
 */
@Injectable()
@Maintenance('check-pending-payments')
export class PendingPaymentsTask implements MaintenanceTask {
  private readonly logger = new Logger('PendingPayments');

  constructor(
    private readonly prisma: PrismaService,
    private readonly settlement: SettlementService,
  ) {}

  async run(now = new Date()): Promise<Record<string, number>> {
    const watchedSince = new Date(now.getTime() - WATCH_DAYS * 24 * 60 * MINUTE);
    const pending = await this.prisma.payment.findMany({
      where: {
        status: 'pending',
        providerRef: { not: null },
        createdAt: { lt: new Date(now.getTime() - 10 * MINUTE), gt: watchedSince },
      },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: 500,
    });
    let failed = 0;
    for (const { id } of pending) {
      await this.settlement.refresh(id).catch((error: unknown) => {
        failed += 1;
        this.logger.warn(`payment ${id} could not be read: ${String(error)}`);
      });
    }
    const lapsed = await this.settlement.lapse(now, watchedSince);
    return { checked: pending.length, failed, ...lapsed };
  }
}
