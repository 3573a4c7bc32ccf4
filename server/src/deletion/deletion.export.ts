import { Injectable } from '@nestjs/common';
import { Exports, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** The member's deletion requests (cancelled ones too), in account.json. */
@Injectable()
@Exports()
export class DeletionExport implements ExportStep {
  readonly covers = { 'deletion_requests.user_id': 'file: account.json' } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    return {
      sections: {
        'account.json': {
          deletion_requests: await this.prisma.deletionRequest.findMany({ where: { userId } }),
        },
      },
    };
  }
}
