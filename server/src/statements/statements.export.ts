import { Injectable } from '@nestjs/common';
import { Exports, STAFF_WORK, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** Statements of reasons about the member and their appeals, in moderation.json. */
@Injectable()
@Exports()
export class StatementsExport implements ExportStep {
  readonly covers = {
    'statements.user_id': 'file: moderation.json',
    'statements.decided_by_id': STAFF_WORK,
    'appeals.user_id': 'file: moderation.json',
    'appeals.decided_by_id': STAFF_WORK,
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    const byUser = { where: { userId } };
    return {
      sections: {
        'moderation.json': {
          // statements of reasons (DSA art. 17) and the member's appeals against them
          statements: await this.prisma.statement.findMany({
            ...byUser,
            select: {
              id: true,
              kind: true,
              itemType: true,
              itemId: true,
              ground: true,
              explanation: true,
              automatedDetection: true,
              decidedAt: true,
              reversedAt: true,
            },
          }),
          appeals: await this.prisma.appeal.findMany({
            ...byUser,
            select: {
              id: true,
              statementId: true,
              text: true,
              createdAt: true,
              dueAt: true,
              outcome: true,
              explanation: true,
              decidedAt: true,
            },
          }),
        },
      },
    };
  }
}
