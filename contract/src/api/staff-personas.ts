import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../constants';

/**
 * The chat partner as one person (issue 38, item 5): each chat partner's persona sheet
 * (backstory, how they write, facts they have told), the operators' notes per conversation
 * (what was said), and canned replies per partner and language with placeholders filled from
 * the member's public profile. Shown to operators beside every conversation, after the honest
 * answer and the care warning, never instead of them. Routes under
 * /api/staff/partners/:id/persona, /api/staff/partners/:id/canned-replies,
 * /api/staff/canned-replies/:id and /api/staff/inbox/:id/(persona|notes).
 *
 * Who may do what: operators (and admins) read everything, add facts told and notes, and
 * manage the canned replies (operators' own tool); the backstory and the writing style define
 * the character, like the profile only admins edit, so only admins write them. Every change is
 * audited.
 */

export const PERSONA_BACKSTORY_MAX = 4000;
export const PERSONA_STYLE_MAX = 2000;
export const PERSONA_FACT_MAX = 300;
/** Facts on one sheet at most (a sheet is read beside the conversation: it stays short). */
export const PERSONA_FACTS_MAX = 100;
export const CONVERSATION_NOTE_MAX = 1000;
export const CANNED_REPLY_TITLE_MAX = 60;
export const CANNED_REPLY_MAX = 1000;
/** Canned replies of one partner at most. */
export const CANNED_REPLIES_MAX = 200;

// ------------------------------------------------------------------ placeholders

/** What a canned reply may name in braces: filled from the member's public profile. */
export const CANNED_REPLY_PLACEHOLDERS = ['name', 'city'] as const;
export type CannedReplyPlaceholder = (typeof CANNED_REPLY_PLACEHOLDERS)[number];

const PLACEHOLDER = /\{([^{}\n]*)\}/g;

/** The placeholders a text names, in order (known or not), each once. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]))];
}

/** The first placeholder of a text that is not one of CANNED_REPLY_PLACEHOLDERS, if any. */
export function unknownPlaceholder(text: string): string | null {
  return (
    placeholdersIn(text).find(
      (name) => !(CANNED_REPLY_PLACEHOLDERS as readonly string[]).includes(name),
    ) ?? null
  );
}

/**
 * A canned reply with its placeholders filled; a value the member's profile does not have
 * (no city) is left empty and named in `missing`, so the operator sees what to write instead.
 */
export function fillPlaceholders(
  text: string,
  values: Record<CannedReplyPlaceholder, string | null>,
): { text: string; missing: CannedReplyPlaceholder[] } {
  const missing = new Set<CannedReplyPlaceholder>();
  const filled = text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!(CANNED_REPLY_PLACEHOLDERS as readonly string[]).includes(name)) return whole;
    const value = values[name as CannedReplyPlaceholder];
    if (value === null || value.trim() === '') {
      missing.add(name as CannedReplyPlaceholder);
      return '';
    }
    return value;
  });
  return { text: filled.replace(/ {2,}/g, ' '), missing: [...missing] };
}

// ------------------------------------------------------------------ the persona sheet

export const personaFact = z.object({
  id: z.number().int(),
  body: z.string(),
  /** The staff member who noted it (null once their account is erased). */
  author: z.string().nullable(),
  at: z.string(),
});
export type PersonaFact = z.infer<typeof personaFact>;

export const personaSheet = z.object({
  partner: z.object({ id: z.number().int(), name: z.string(), fictional: z.literal(true) }),
  backstory: z.string(),
  writing_style: z.string(),
  facts: z.array(personaFact),
  /** The last change of backstory or style (null: never written). */
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type PersonaSheet = z.infer<typeof personaSheet>;

export const personaResponse = z.object({ persona: personaSheet });
export type PersonaResponse = z.infer<typeof personaResponse>;

/** PUT /api/staff/partners/:id/persona (admins): the character's backstory and writing style. */
export const personaBody = z.object({
  backstory: z.string().trim().max(PERSONA_BACKSTORY_MAX),
  writing_style: z.string().trim().max(PERSONA_STYLE_MAX),
});
export type PersonaRequest = z.infer<typeof personaBody>;

/** POST /api/staff/partners/:id/persona/facts (operators): a fact the partner has told. */
export const personaFactBody = z.object({
  body: z.string().trim().min(1).max(PERSONA_FACT_MAX),
});
export type PersonaFactRequest = z.infer<typeof personaFactBody>;

// ------------------------------------------------------------------ notes per conversation

export const conversationNote = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.string().nullable(),
  at: z.string(),
});
export type ConversationNote = z.infer<typeof conversationNote>;

/** POST /api/staff/inbox/:id/notes: what was said in this conversation, for the next operator. */
export const conversationNoteBody = z.object({
  body: z.string().trim().min(1).max(CONVERSATION_NOTE_MAX),
});
export type ConversationNoteRequest = z.infer<typeof conversationNoteBody>;
export const conversationNotesResponse = z.object({ notes: z.array(conversationNote) });
export type ConversationNotesResponse = z.infer<typeof conversationNotesResponse>;

// ------------------------------------------------------------------ canned replies

export const cannedReplyLanguage = z.enum(SUPPORTED_LANGUAGES);

/**
 * POST /api/staff/partners/:id/canned-replies and PUT /api/staff/canned-replies/:id: a text
 * in one language; braces name a placeholder ({name}, {city}); any other is refused (400
 * canned_reply_placeholder_unknown).
 */
export const cannedReplyBody = z.object({
  language: cannedReplyLanguage,
  title: z.string().trim().min(1).max(CANNED_REPLY_TITLE_MAX),
  body: z.string().trim().min(1).max(CANNED_REPLY_MAX),
});
export type CannedReplyRequest = z.infer<typeof cannedReplyBody>;

export const cannedReply = z.object({
  id: z.number().int(),
  partner_id: z.number().int(),
  language: cannedReplyLanguage,
  title: z.string(),
  /** As written, placeholders in braces. */
  body: z.string(),
});
export type CannedReply = z.infer<typeof cannedReply>;

export const cannedReplyResponse = z.object({ reply: cannedReply });
export type CannedReplyResponse = z.infer<typeof cannedReplyResponse>;
export const cannedRepliesResponse = z.object({ replies: z.array(cannedReply) });
export type CannedRepliesResponse = z.infer<typeof cannedRepliesResponse>;

/** A canned reply as an operator inserts it: filled for the conversation's member. */
export const filledCannedReply = cannedReply.extend({
  text: z.string(),
  missing: z.array(z.enum(CANNED_REPLY_PLACEHOLDERS)),
});
export type FilledCannedReply = z.infer<typeof filledCannedReply>;

// ------------------------------------------------------------------ the conversation's panel

/**
 * GET /api/staff/inbox/:id/persona: everything the panel beside a conversation shows: the
 * partner's sheet, the notes on this conversation, and the partner's canned replies in the
 * member's language, filled for this member.
 */
export const personaPanelResponse = z.object({
  persona: personaSheet,
  notes: z.array(conversationNote),
  /** The member's language: the canned replies shown are in it. */
  language: cannedReplyLanguage,
  replies: z.array(filledCannedReply),
});
export type PersonaPanelResponse = z.infer<typeof personaPanelResponse>;

/** What staff do with persona sheets, notes and canned replies (also in STAFF_ACTIONS). */
export const PERSONA_AUDIT_ACTIONS = [
  'persona.updated',
  'persona.fact_added',
  'persona.fact_removed',
  'conversation.note_added',
  'canned_reply.created',
  'canned_reply.updated',
  'canned_reply.deleted',
] as const;
