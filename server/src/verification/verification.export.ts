import { Injectable } from '@nestjs/common';
import { Exports, STAFF_WORK, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** The member's verification requests and their outcome, in moderation.json. */
@Injectable()
@Exports()
export class VerificationExport implements ExportStep {
  readonly covers = {
    'verification_requests.user_id':
      'file: moderation.json; the requests and their outcome (the selfie itself is kept only until decided, and not put in the export while it waits: it is the photo the member just sent)',
    'verification_requests.decided_by_id': STAFF_WORK,
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    return {
      sections: {
        'moderation.json': {
          verification_requests: await this.prisma.verificationRequest.findMany({
            where: { userId },
            orderBy: { id: 'asc' },
            select: {
              id: true,
              gesture: true,
              status: true,
              reason: true,
              createdAt: true,
              submittedAt: true,
              expiresAt: true,
              decidedAt: true,
            },
          }),
        },
      },
    };
  }
}
