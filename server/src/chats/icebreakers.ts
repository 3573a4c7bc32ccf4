/**
 * Openers the icebreaker modal offers for an empty conversation (SPEC point 2): i18n keys
 * (`chat.openers.<key>` in the web catalogues); the member picks one and may edit it before
 * sending, so it costs what any text costs.
 */
export const ICEBREAKERS = [
  'favourite_place',
  'weekend_plans',
  'profile_photo',
  'perfect_date',
  'travel',
  'music',
  'food',
  'laugh',
] as const;
