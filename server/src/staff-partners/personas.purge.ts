import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { Purges, type PurgeStep } from '../purge';

/**
 * An erased member's part of the persona work: the notes on their conversations with chat
 * partners go (they are about the member); as staff, the sheets, facts, notes and canned
 * replies they wrote stay for the other operators and lose their author.
 */
@Injectable()
@Purges()
export class PersonasPurge implements PurgeStep {
  readonly covers = {
    'conversation_notes.member_id': 'delete',
    'conversation_notes.author_id': 'anonymise',
    'partner_personas.updated_by_id': 'anonymise',
    'persona_facts.author_id': 'anonymise',
    'canned_replies.created_by_id': 'anonymise',
  } as const;

  async purge(tx: Prisma.TransactionClient, userId: number): Promise<void> {
    await tx.conversationNote.deleteMany({ where: { memberId: userId } });
    await tx.conversationNote.updateMany({ where: { authorId: userId }, data: { authorId: null } });
    await tx.partnerPersona.updateMany({
      where: { updatedById: userId },
      data: { updatedById: null },
    });
    await tx.personaFact.updateMany({ where: { authorId: userId }, data: { authorId: null } });
    await tx.cannedReply.updateMany({
      where: { createdById: userId },
      data: { createdById: null },
    });
  }
}
