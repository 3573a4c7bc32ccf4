import { Injectable } from '@nestjs/common';
import { Exports, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** Sessions and trusted browsers, without their tokens' hashes, in sessions.json. */
@Injectable()
@Exports()
export class AuthExport implements ExportStep {
  readonly covers = {
    'sessions.user_id': 'file: sessions.json',
    'trusted_devices.user_id': 'file: sessions.json',
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    const byUser = { where: { userId } };
    return {
      sections: {
        'sessions.json': {
          sessions: await this.prisma.session.findMany({
            ...byUser,
            omit: { tokenHash: true, id: true },
          }),
          trusted_browsers: await this.prisma.trustedDevice.findMany({
            ...byUser,
            omit: { tokenHash: true, id: true },
          }),
        },
      },
    };
  }
}
