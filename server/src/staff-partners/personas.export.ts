import { Injectable } from '@nestjs/common';
import { Exports, STAFF_WORK, type ExportPart, type ExportStep } from '../export-steps';
import { PrismaService } from '../prisma/prisma.service';

/**
 * The operators' notes on the member's conversations with chat partners, without their authors,
 * in staff_notes.json (why they go in: staff-partners.export.ts); the persona work is staff's.
 */
@Injectable()
@Exports()
export class PersonasExport implements ExportStep {
  readonly covers = {
    'conversation_notes.member_id': 'file: staff_notes.json',
    'conversation_notes.author_id': STAFF_WORK,
    'partner_personas.updated_by_id': STAFF_WORK,
    'persona_facts.author_id': STAFF_WORK,
    'canned_replies.created_by_id': STAFF_WORK,
  } as const;

  constructor(private readonly prisma: PrismaService) {}

  async collect(userId: number): Promise<ExportPart> {
    return {
      sections: {
        'staff_notes.json': {
          conversation_notes: await this.prisma.conversationNote.findMany({
            where: { memberId: userId },
            orderBy: { id: 'asc' },
            select: { conversationId: true, body: true, createdAt: true },
          }),
        },
      },
    };
  }
}
