import { Injectable } from '@nestjs/common';
import { Exports, STAFF_WORK, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/** What operators noted about the member, without its authors, in staff_notes.json. */
@Injectable()
@Exports()
export class StaffPartnersExport implements ExportStep {
  readonly covers = {
    // What operators noted about the member (on the member, and per conversation with a chat
    // partner: what the member said): information about the member, so personal data the member
    // has a right to see (GDPR art. 15(1) and (3); the EDPB's guidelines 01/2022 count a
    // controller's notes and assessments about a person). The text and the time go in; the
    // author does not (a staff member, whose name is not the member's data: art. 15(4)).
    // The notes per conversation: personas.export.ts.
    'operator_notes.member_id': 'file: staff_notes.json',
    'member_care_flags.user_id': "omit: the chat team's internal working flag",
    'operator_locks.operator_id': STAFF_WORK,
    'operator_notes.author_id': STAFF_WORK,
    'member_care_flags.flagged_by_id': STAFF_WORK,
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    return {
      sections: {
        'staff_notes.json': {
          // without their authors (`covers`)
          member_notes: await this.prisma.operatorNote.findMany({
            where: { memberId: userId },
            orderBy: { id: 'asc' },
            select: { body: true, createdAt: true },
          }),
        },
      },
    };
  }
}
