import { MESSAGE_LENGTH_DEFAULT, MIN_AGE_DEFAULT } from '../common/constants';

/**
 * Defaults for the operator-editable Settings fields (SPEC point 3). A row in the `settings`
 * table with the same key overrides a default; `npm run db:seed` writes the demo values.
 */
export const SETTING_DEFAULTS = {
  name: 'Vonkje',
  index_title: 'Daten en chatten met singles bij jou in de buurt',
  description: 'Maak gratis een profiel, ontdek leden in de buurt, like, match en chat.',
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
  message_length: MESSAGE_LENGTH_DEFAULT,
  minimum_message_costs: { NL: { costs: 0.25, currency: 'EUR' } } as Record<
    string,
    { costs: number; currency: string }
  >,
  support_email: 'support@vonkje.test',
  support_phone: '+31 20 000 0000',
  enable_site_entry_popup: true,
  domain_language: 'nl-NL',
  /** Per-domain language, e.g. {"vonkje.de": "de-DE"}; unknown domains use domain_language. */
  domain_languages: {} as Record<string, string>,
  fictional_warning:
    'Op deze site zijn ook fictieve profielen actief, chatmaatjes genoemd. Zij worden beantwoord door medewerkers, zijn altijd gemarkeerd met het 🎭-icoon en het label "chatmaatje", en je kunt ze niet in het echt ontmoeten.',
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
