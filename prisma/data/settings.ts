/**
 * The operator-editable Settings fields of SPEC point 3, stored in the `settings` table under
 * their spec names (server/src/settings/settings.defaults.ts has the same keys as defaults).
 * The seed creates missing rows only, so values changed by an operator survive a re-seed.
 * minimum_message_costs is built per supported country in prisma/seed/reference.ts from the
 * currency of country-state-city and MINIMUM_MESSAGE_COSTS below.
 */
/** The smallest amount one message costs, per currency (about EUR 0.25). */
export const MINIMUM_MESSAGE_COSTS: Readonly<Record<string, number>> = {
  EUR: 0.25,
  GBP: 0.22,
  CHF: 0.24,
  USD: 0.29,
  CAD: 0.39,
  AUD: 0.43,
  NZD: 0.47,
  PLN: 1.09,
};

export const SETTINGS = {
  name: 'Vonkje',
  index_title: 'Daten en chatten met singles bij jou in de buurt',
  description:
    'Maak gratis een profiel op Vonkje, ontdek singles in de buurt, like, match en chat met wie jou een vonk geeft.',
  support_email: 'support@vonkje.nl',
  support_phone: '+31 30 207 4455', // as company_info.support_phone (prisma/data/catalog.ts)
  enable_site_entry_popup: true,
  message_credits: 10,
  signup_credits: 0,
  photo_credits: 15,
  gift_credits: 20,
  message_length: 1000,
  fictional_warning:
    'Let op: op Vonkje staan ook fictieve profielen, chatmaatjes genoemd. Hun berichten worden geschreven door medewerkers van Vonkje. Een chatmaatje is altijd gemarkeerd met het 🎭-icoon en het label "chatmaatje". Met een chatmaatje kun je chatten, maar je kunt hem of haar niet in het echt ontmoeten.',
  fictional_singular: 'chatmaatje',
  fictional_plural: 'chatmaatjes',
  fictional_icon: '🎭',
  refund_days: 14,
  signups: 'all',
  logged_out_search: true,
  logged_out_search_trafficsource: false,
  member_resell: false,
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
  min_age: 18,
  domain_language: 'nl-NL',
};
