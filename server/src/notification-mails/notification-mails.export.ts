import { Injectable } from '@nestjs/common';
import { Exports, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** When the periodic mails were last sent to the member, in notification_preferences.json. */
@Injectable()
@Exports()
export class NotificationMailsExport implements ExportStep {
  readonly covers = {
    'notification_mails_sent.user_id': 'file: notification_preferences.json',
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    return {
      sections: {
        'notification_preferences.json': {
          // when each kind of notification mail was last sent (the batching window)
          notification_mails_sent: await this.prisma.notificationMailSent.findMany({
            where: { userId },
            select: { kind: true, sentAt: true },
          }),
        },
      },
    };
  }
}
