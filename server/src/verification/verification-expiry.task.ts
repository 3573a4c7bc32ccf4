import { Injectable, Logger } from '@nestjs/common';
import { PrismaService } from '../prisma/prisma.service';
import { Maintenance, type MaintenanceTask } from '../queue';
import { Selfies } from './selfies';

/**
 * Hourly: gestures nobody answered in time, and selfies no moderator decided within
 * VERIFICATION_PENDING_DAYS, expire; an expired request's selfie (file and name) goes.
 */
@Injectable()
@Maintenance('expire-verification-requests')
export class VerificationExpiryTask implements MaintenanceTask {
  private readonly logger = new Logger('Verification');

  constructor(
    private readonly prisma: PrismaService,
    private readonly selfies: Selfies,
  ) {}

  async run(now = new Date()): Promise<Record<string, number>> {
    const requested = await this.prisma.verificationRequest.updateMany({
      where: { status: 'requested', expiresAt: { lte: now } },
      data: { status: 'expired' },
    });
    const lapsed = await this.prisma.verificationRequest.findMany({
      where: { status: 'pending', expiresAt: { lte: now } },
      select: { id: true, selfieFilename: true },
      take: 1000,
    });
    let selfies = 0;
    for (const request of lapsed) {
      const done = await this.prisma.verificationRequest.updateMany({
        where: { id: request.id, status: 'pending' },
        data: { status: 'expired', selfieFilename: null, claimedById: null, claimedUntil: null },
      });
      if (done.count === 0) continue;
      await this.selfies.remove(request.selfieFilename);
      selfies += 1;
    }
    if (selfies) this.logger.log(`Expired ${selfies} verification selfies`);
    return { requested: requested.count, selfies };
  }
}
