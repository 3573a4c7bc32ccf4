import {
  BOOST_CREDITS_DEFAULT,
  CHAT_HISTORY_LIMIT_DAYS,
  FREE_MEMBERS_SEE_DEFAULT,
  VISIT_RETENTION_DAYS_DEFAULT,
  LANGUAGES_OFFERED_DEFAULT,
  MESSAGE_LENGTH_DEFAULT,
  MIN_AGE_DEFAULT,
  type FreeMembersSee,
  type Language,
} from '@app/contract';

/**
 * The operator-editable Settings fields (SPEC point 3) and their values for a new site. A row in
 * the `settings` table with the same key overrides one; `npm run db:seed` writes these rows
 * (prisma/data/settings.ts), so operators can change them later.
 */
export const SETTING_DEFAULTS = {
  name: 'Vonkje',
  index_title: 'Daten en chatten met singles bij jou in de buurt',
  description:
    'Maak gratis een profiel op Vonkje, ontdek singles in de buurt, like, match en chat met wie jou een vonk geeft.',
  visible_profile_fields: [
    'gender',
    'age',
    'city',
    'region',
    'hair_color',
    'eye_color',
    'body_type',
    'relationship_status',
    'tattoos',
    'sexuality',
    'signup_reason',
    'interests',
  ],
  visible_profile_notes: ['about'],
  search_fields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  cdn_prefix: '/media/',
  message_credits: 10,
  signup_credits: 0,
  photo_credits: 15,
  gift_credits: 20,
  /** What a boost costs in credits (issue 38: the pricing page and the FAQ state it). */
  boost_credits: BOOST_CREDITS_DEFAULT,
  message_length: MESSAGE_LENGTH_DEFAULT,
  /** Chat history older than this many days is hidden (SPEC point 6: a limit for privacy). */
  chat_history_days: CHAT_HISTORY_LIMIT_DAYS,
  /** Profile visits (who viewed my profile) are kept and shown this many days (issue 38). */
  visit_retention_days: VISIT_RETENTION_DAYS_DEFAULT,
  /** What free members see of who viewed their profile / who liked them (issue 38): a count. */
  free_members_see_visitors: FREE_MEMBERS_SEE_DEFAULT as FreeMembersSee,
  free_members_see_likes: FREE_MEMBERS_SEE_DEFAULT as FreeMembersSee,
  minimum_message_costs: { NL: { costs: 0.25, currency: 'EUR' } } as Record<
    string,
    { costs: number; currency: string }
  >,
  support_email: 'support@vonkje.nl',
  support_phone: '+31 30 207 4455', // as company_info.support_phone (prisma/data/catalog.ts)
  enable_site_entry_popup: true,
  domain_language: 'nl-NL',
  /** Per-domain language, e.g. {"vonkje.de": "de-DE"}; unknown domains use domain_language. */
  domain_languages: {} as Record<string, string>,
  /** The languages members and visitors may choose: nl only (SPEC point 1) until an admin adds. */
  languages_offered: [...LANGUAGES_OFFERED_DEFAULT] as Language[],
  fictional_warning:
    'Op Vonkje staan ook fictieve profielen, chatmaatjes genoemd. Hun berichten worden geschreven door medewerkers van Vonkje. Een chatmaatje is altijd gemarkeerd met het 🎭-icoon en het label "chatmaatje". Met een chatmaatje kun je chatten, maar je kunt hem of haar niet in het echt ontmoeten.',
  fictional_singular: 'chatmaatje',
  fictional_plural: 'chatmaatjes',
  fictional_icon: '🎭',
  refund_days: 14,
  signups: 'all',
  /** Signup only with an unused invite code (SPEC: 'Signup may be invite only'). */
  signup_invite_only: false,
  logged_out_search: true,
  logged_out_search_trafficsource: false,
  member_resell: false,
  /** Partner site shown after deletion (countdown, cancellable); empty: none. */
  partner_redirect_url: '',
  min_age: MIN_AGE_DEFAULT,
};

export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type StoredSettings = typeof SETTING_DEFAULTS;
