/**
 * What the send's scan of a member-to-member message can find (message-scan.ts), in the order
 * the warnings show; kept apart from the scan (no imports) so the web takes these without the
 * scan's patterns and libraries.
 */
export const SCAM_CATEGORIES = [
  'phone',
  'email',
  'link',
  'iban',
  'payment_request',
  'gift_card',
  'crypto',
  'scam_phrase',
] as const;
export type ScamCategory = (typeof SCAM_CATEGORIES)[number];

/** What one hit of a category adds to the sender's risk score. */
export const SCAM_WEIGHTS: Record<ScamCategory, number> = {
  phone: 1,
  email: 1,
  link: 1,
  iban: 3,
  payment_request: 3,
  gift_card: 3,
  crypto: 3,
  scam_phrase: 2,
};

/** Messages before and after a flagged one the moderators' queue shows. */
export const SCAM_CONTEXT_MESSAGES = 3;
