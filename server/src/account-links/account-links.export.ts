import { Injectable } from '@nestjs/common';
import { Exports, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** The signals that tie the member's account to others, in sessions.json. */
@Injectable()
@Exports()
export class AccountLinksExport implements ExportStep {
  readonly covers = {
    // account links (the values are hashes, or the signup's address range)
    'account_signals.user_id': 'file: sessions.json',
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    return {
      sections: {
        'sessions.json': {
          // what ties this account to others of the same person (browser, address range, payment)
          account_signals: await this.prisma.accountSignal.findMany({
            where: { userId },
            select: { kind: true, value: true, createdAt: true },
          }),
        },
      },
    };
  }
}
