/**
 * The demo's chat pal Lisa as one person (issue 38, item 5): her persona sheet, two facts she
 * has told, a note on the demo login's conversation with her and canned replies, so the
 * operator's panel beside that conversation is not empty after `npm run setup`. Written once,
 * with the rest of the demo's life (demo-life.ts), as the console would write them.
 */
import type { PrismaClient } from '../../server/src/generated/prisma/client.ts';
import type { Actor } from './demo-writes.js';

export async function seedDemoPersonas(
  prisma: PrismaClient,
  lisa: Actor,
  demo: Actor,
  operatorId: number,
): Promise<void> {
  await prisma.partnerPersona.create({
    data: {
      profileId: lisa.profileId,
      backstory:
        'Lisa is 28 en woont in Amsterdam-Oost. Ze werkt in een platenzaak, gaat elke zomer naar festivals en heeft een kat, Pluk.',
      writingStyle:
        'Vrolijk en kort, vaak een vraag terug, soms een emoji. Nooit hoofdletters aan het begin van een zin.',
      updatedById: operatorId,
    },
  });
  await prisma.personaFact.createMany({
    data: [
      { profileId: lisa.profileId, body: 'Was dit jaar op Lowlands', authorId: operatorId },
      {
        profileId: lisa.profileId,
        body: 'Wandelt op zondag in het Flevopark',
        authorId: operatorId,
      },
    ],
  });
  await prisma.cannedReply.createMany({
    data: [
      {
        profileId: lisa.profileId,
        language: 'nl',
        title: 'Groet',
        body: 'Hoi {name}! Leuk dat je me schrijft. Hoe is het in {city}?',
        createdById: operatorId,
      },
      {
        profileId: lisa.profileId,
        language: 'en',
        title: 'Greeting',
        body: 'Hi {name}! Nice to hear from you. How are things in {city}?',
        createdById: operatorId,
      },
    ],
  });
  const [low, high] = [lisa.userId, demo.userId].sort((a, b) => a - b);
  const conversation = await prisma.conversation.findUnique({
    where: { userLowId_userHighId: { userLowId: low, userHighId: high } },
    select: { id: true },
  });
  if (conversation) {
    await prisma.conversationNote.create({
      data: {
        conversationId: conversation.id,
        memberId: demo.userId,
        authorId: operatorId,
        body: 'Fietst graag en zoekt een goed koffieadres in Utrecht.',
      },
    });
  }
}
