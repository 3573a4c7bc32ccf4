import { z } from 'zod';
import type { Language } from '../constants';
import { dbId, gender } from './fields';
import { profileDetails, profileUpdateRequest } from './profiles';

/**
 * Chat partners (chatmaatjes): fictional profiles, created by admins and answered by operators
 * in the console's inbox, honestly (the Dutch ACM commitments for sites with fictional
 * profiles): a member who asks whether a real person writes gets the honest answer offered, a
 * member who seems vulnerable is shown with a warning. Routes under /api/staff/partners,
 * /api/staff/inbox and /api/staff/figures/reply-times.
 */

/** An operator's hold on a conversation ends this long after their last action on it. */
export const OPERATOR_LOCK_MINUTES = 5;
/** Conversations in one page of the inbox. */
export const INBOX_PAGE = 50;
/** The longest note an operator can leave on a member. */
export const OPERATOR_NOTE_MAX = 1000;

// ------------------------------------------------------------------ honesty and care patterns

/**
 * A member asking whether a real person writes, in the seven languages (lower-cased text,
 * accents kept). Deliberately broad: a false highlight costs a glance, a missed one the
 * member's right to an honest answer.
 */
export const REAL_PERSON_PATTERNS: readonly RegExp[] = [
  // nl
  /\b(ben|is) (je|jij|dit|u) (wel )?(echt|een echt(e)? (persoon|mens)|nep|een bot|een robot|een medewerker)\b/,
  /\b(echt(e)? persoon|echt mens|nepprofiel|nep profiel|fake profiel|chatmaatje)\b/,
  /\bpraat ik (met|tegen) (een )?(echt|mens|bot|computer|medewerker)/,
  // en
  /\b(are|r) (you|u) (a )?(real|human|fake|a bot|a robot|an operator|staff)\b/,
  /\b(real person|real human|fake profile|am i talking to)\b/,
  // de
  /\b(bist du|sind sie) (ein )?(echt|echter mensch|ein mensch|fake|ein bot|ein roboter)/,
  /\b(echte person|echter mensch|fake-profil|fakeprofil)\b/,
  // es
  /\b(eres|es usted) (una persona )?(real|de verdad|falso|falsa|un bot|un robot)\b/,
  /\b(persona real|perfil falso)\b/,
  // fr
  /\b(es-tu|êtes-vous|tu es|vous êtes) (une )?(vrai|vraie|réel|réelle|une vraie personne|un bot|un robot|faux|fausse)\b/,
  /\b(vraie personne|personne réelle|faux profil)\b/,
  // it
  /\b(sei|è) (una )?(persona )?(vera|vero|reale|finto|finta|un bot|un robot)\b/,
  /\b(persona vera|persona reale|profilo falso)\b/,
  // pl
  /\b(czy )?(jesteś|jest pan|jest pani) (prawdziw|botem|robotem|fałszyw)/,
  /\b(prawdziwa osoba|prawdziwy człowiek|fałszywy profil|fake profil)\b/,
];

/**
 * Signs that a member may be vulnerable (loneliness, distress, money trouble), in the seven
 * languages: the console shows the operator a warning (alongside a flag set by staff).
 */
export const VULNERABLE_PATTERNS: readonly RegExp[] = [
  // nl
  /\b(eenzaam|alleen op de wereld|depressief|zelfmoord|dood willen|wil niet meer leven|schulden|geen geld (meer)?|rood staan|lening|wanhopig)\b/,
  // en
  /\b(lonely|so alone|depressed|suicid\w*|want to die|kill myself|in debt|no money|broke|loan|desperate)\b/,
  // de
  /\b(einsam|deprimiert|selbstmord|sterben will|schulden|kein geld|pleite|kredit|verzweifelt)\b/,
  // es
  /\b(solo|sola|deprimid[oa]|suicid\w*|quiero morir|deudas|sin dinero|préstamo|desesperad[oa])\b/,
  // fr
  /\b(seul|seule|déprimée?|suicide|envie de mourir|dettes|plus d'argent|pas d'argent|prêt|désespérée?)\b/,
  // it
  /\b(sol[oa] al mondo|depress[oa]|suicid\w*|voglio morire|debiti|senza soldi|prestito|disperat[oa])\b/,
  // pl
  /\b(samotn\w*|depresj\w*|samobój\w*|chcę umrzeć|długi|długów|bez pieniędzy|pożyczk\w*|zdesperowan\w*)\b/,
];

const matchesAny = (patterns: readonly RegExp[], text: string | null | undefined) => {
  if (!text) return false;
  const lower = text.toLocaleLowerCase();
  return patterns.some((pattern) => pattern.test(lower));
};

/** Whether a member's message asks if a real person writes (highlighted in the console). */
export const asksIfReal = (text: string | null | undefined) =>
  matchesAny(REAL_PERSON_PATTERNS, text);

/** Whether a member's message sounds like loneliness, distress or money trouble. */
export const soundsVulnerable = (text: string | null | undefined) =>
  matchesAny(VULNERABLE_PATTERNS, text);

/**
 * The honest answer the console offers, in the member's language: the chat partner is a
 * fictional profile, written by the site's staff.
 */
export const HONEST_ANSWERS: Record<Language, (partner: string) => string> = {
  nl: (p) =>
    `Eerlijk antwoord: ${p} is een fictief profiel (een chatmaatje). De berichten van ${p} worden geschreven door medewerkers van deze site, niet door een echt lid. Je kunt altijd blijven chatten voor de gezelligheid, maar een echte ontmoeting met ${p} is niet mogelijk.`,
  en: (p) =>
    `An honest answer: ${p} is a fictional profile (a chat partner). The messages of ${p} are written by staff of this site, not by a real member. You are welcome to keep chatting for fun, but a real meeting with ${p} is not possible.`,
  de: (p) =>
    `Ehrlich gesagt: ${p} ist ein fiktives Profil (ein Chatpartner). Die Nachrichten von ${p} schreiben Mitarbeitende dieser Seite, kein echtes Mitglied. Du kannst gern weiter zum Spaß chatten, aber ein echtes Treffen mit ${p} ist nicht möglich.`,
  es: (p) =>
    `Una respuesta sincera: ${p} es un perfil ficticio (un compañero de chat). Los mensajes de ${p} los escribe el personal de este sitio, no un miembro real. Puedes seguir chateando por diversión, pero no es posible una cita real con ${p}.`,
  fr: (p) =>
    `Une réponse honnête : ${p} est un profil fictif (un partenaire de chat). Les messages de ${p} sont écrits par l’équipe de ce site, pas par un vrai membre. Tu peux continuer à discuter pour le plaisir, mais une vraie rencontre avec ${p} n’est pas possible.`,
  it: (p) =>
    `Una risposta sincera: ${p} è un profilo fittizio (un partner di chat). I messaggi di ${p} sono scritti dallo staff di questo sito, non da un vero iscritto. Puoi continuare a chattare per divertimento, ma un incontro reale con ${p} non è possibile.`,
  pl: (p) =>
    `Szczera odpowiedź: ${p} to fikcyjny profil (partner do czatu). Wiadomości ${p} piszą pracownicy tego serwisu, a nie prawdziwy członek. Możesz dalej czatować dla przyjemności, ale prawdziwe spotkanie z ${p} nie jest możliwe.`,
};

// ------------------------------------------------------------------ chat partners (admin)

/**
 * POST /api/staff/partners and PUT /api/staff/partners/:id: the profile's fields, as the
 * member's profile editor has them (the same rules), without the member-only switches.
 */
export const chatPartnerBody = profileUpdateRequest.omit({ invisible: true, privacy_mode: true });
export type ChatPartnerInput = z.infer<typeof chatPartnerBody>;
export type ChatPartnerRequest = z.input<typeof chatPartnerBody>;

export const chatPartnerPhoto = z.object({
  id: z.number().int(),
  /** A signed URL of the card size. */
  url: z.string(),
  main: z.boolean(),
});

export const chatPartner = profileDetails.extend({
  id: z.number().int(),
  name: z.string(),
  /** Always true: the label is shown wherever a chat partner appears. */
  fictional: z.literal(true),
  gender,
  seeking_gender: gender.nullable(),
  date_of_birth: z.string(),
  age: z.number().int(),
  country: z.string(),
  region_id: z.number().int().nullable(),
  city_id: z.number().int().nullable(),
  city: z.string().nullable(),
  photos: z.array(chatPartnerPhoto),
  /** Conversations members have with it. */
  conversations: z.number().int(),
});
export type ChatPartner = z.infer<typeof chatPartner>;

export const chatPartnerResponse = z.object({ partner: chatPartner });
export type ChatPartnerResponse = z.infer<typeof chatPartnerResponse>;

export const chatPartnersResponse = z.object({
  partners: z.array(
    chatPartner
      .pick({
        id: true,
        name: true,
        fictional: true,
        gender: true,
        age: true,
        city: true,
        conversations: true,
      })
      .extend({ photo: z.string().nullable() }),
  ),
});
export type ChatPartnersResponse = z.infer<typeof chatPartnersResponse>;

// ------------------------------------------------------------------ the operators' inbox

export const operatorLock = z.object({
  operator: z.object({ id: z.number().int(), name: z.string() }),
  /** Whether the asking staff member holds it. */
  mine: z.boolean(),
  expires_at: z.string(),
});
export type OperatorLock = z.infer<typeof operatorLock>;

const partnerRef = z.object({
  id: z.number().int(),
  name: z.string(),
  fictional: z.literal(true),
});

/** GET /api/staff/inbox (operator, admin): conversations waiting for a reply, longest first. */
export const inboxQuery = z.object({
  /** The next page: conversations that waited less long than this item (`next` of a page). */
  after: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_\d{1,10}$/)
    // a time that is one, and a conversation's id as dbId reads it (beyond PostgreSQL's
    // integer the inbox's query failed: a 500, staff-bad-input.e2e-spec.ts)
    .refine((cursor) => {
      const [at, id] = cursor.split('_');
      return !Number.isNaN(Date.parse(at)) && dbId.safeParse(id).success;
    })
    .optional(),
});
export type InboxQuery = z.input<typeof inboxQuery>;

export const inboxItem = z.object({
  conversation_id: z.number().int(),
  partner: partnerRef,
  member: z.object({ id: z.number().int(), name: z.string() }),
  waiting_since: z.string(),
  /** The member's newest message (text; null for a photo or a gift). */
  preview: z.string().nullable(),
  /** The newest message asks whether a real person writes. */
  asks_real: z.boolean(),
  lock: operatorLock.nullable(),
});
export type InboxItem = z.infer<typeof inboxItem>;

/** The inbox counts waiting conversations up to this many (an exact count of a long queue
 * would read every waiting row on every page: docs/performance.md, "operator inbox"). */
export const INBOX_COUNT_CAP = 1000;

export const inboxResponse = z.object({
  conversations: z.array(inboxItem),
  /** How many wait in all, at most INBOX_COUNT_CAP. */
  waiting: z.number().int(),
  /** More than INBOX_COUNT_CAP wait (`waiting` is the cap). */
  waiting_capped: z.boolean(),
  next: z.string().nullable(),
});
export type InboxResponse = z.infer<typeof inboxResponse>;

export const inboxMessage = z.object({
  id: z.number().int(),
  from: z.enum(['member', 'partner']),
  type: z.enum(['text', 'photo', 'gift']),
  text: z.string().nullable(),
  at: z.string(),
  /** An operator's reply: who wrote it (staff name or e-mail's name part). */
  operator: z.string().nullable(),
  asks_real: z.boolean(),
  vulnerable: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessage>;

export const operatorNote = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.string().nullable(),
  at: z.string(),
});
export type OperatorNote = z.infer<typeof operatorNote>;

/**
 * POST /api/staff/inbox/:id/open: the conversation, locked to the asking operator (409
 * conversation_locked while another holds it). The member's public profile only: never their
 * e-mail, address or payments.
 */
export const inboxConversation = z.object({
  conversation_id: z.number().int(),
  partner: partnerRef.extend({ age: z.number().int(), city: z.string().nullable() }),
  member: z.object({
    id: z.number().int(),
    user_id: z.number().int(),
    name: z.string(),
    gender,
    age: z.number().int(),
    city: z.string().nullable(),
    about: z.string().nullable(),
    photo: z.string().nullable(),
    language: z.string(),
  }),
  messages: z.array(inboxMessage),
  notes: z.array(operatorNote),
  vulnerable: z.object({
    /** Flagged by staff (with the reason given). */
    flagged: z.boolean(),
    reason: z.string().nullable(),
    /** The member's messages match the care patterns. */
    keywords: z.boolean(),
  }),
  asks_real: z.boolean(),
  /** The ready honest answer, in the member's language. */
  honest_answer: z.string(),
  waiting_since: z.string().nullable(),
  lock: operatorLock,
});
export type InboxConversation = z.infer<typeof inboxConversation>;

export const inboxConversationResponse = z.object({ conversation: inboxConversation });
export type InboxConversationResponse = z.infer<typeof inboxConversationResponse>;

/** POST /api/staff/inbox/:id/reply (Idempotency-Key): a text as the chat partner. */
export const inboxReplyBody = z.object({ text: z.string() });
export type InboxReplyRequest = z.infer<typeof inboxReplyBody>;

/** POST /api/staff/inbox/members/:userId/notes */
export const operatorNoteBody = z.object({
  body: z.string().trim().min(1).max(OPERATOR_NOTE_MAX),
});
export type OperatorNoteRequest = z.infer<typeof operatorNoteBody>;
export const operatorNotesResponse = z.object({ notes: z.array(operatorNote) });
export type OperatorNotesResponse = z.infer<typeof operatorNotesResponse>;

/** PUT /api/staff/inbox/members/:userId/vulnerable: the staff flag, on or off. */
export const vulnerableBody = z.object({
  flagged: z.boolean(),
  reason: z.string().trim().max(500).optional(),
});
export type VulnerableRequest = z.infer<typeof vulnerableBody>;
export const vulnerableResponse = z.object({ flagged: z.boolean(), reason: z.string().nullable() });
export type VulnerableResponse = z.infer<typeof vulnerableResponse>;

// ------------------------------------------------------------------ reply-time figures

export const REPLY_TIME_RANGES = [7, 30, 90] as const;

/** GET /api/staff/figures/reply-times (admin) */
export const replyTimesQuery = z.object({
  days: z
    .enum(['7', '30', '90'])
    .optional()
    .default('30')
    .transform((d) => Number(d) as (typeof REPLY_TIME_RANGES)[number]),
});
export type ReplyTimesQuery = z.input<typeof replyTimesQuery>;

const replyTimeFigures = z.object({
  replies: z.number().int(),
  /** From the member's (first unanswered) message to the operator's reply, in seconds. */
  median_seconds: z.number(),
  p90_seconds: z.number(),
});

export const replyTimesResponse = z.object({
  days: z.number().int(),
  /** Per operator over the whole range (an erased operator: null). */
  operators: z.array(
    replyTimeFigures.extend({
      operator: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    }),
  ),
  /** Per day (UTC, YYYY-MM-DD) and operator. */
  days_by_operator: z.array(
    replyTimeFigures.extend({ day: z.string(), operator_id: z.number().int().nullable() }),
  ),
});
export type ReplyTimesResponse = z.infer<typeof replyTimesResponse>;
