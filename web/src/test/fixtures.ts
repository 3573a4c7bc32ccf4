/**
 * API answers for web tests, typed by the contract (`satisfies`): when the server's answer shape
 * changes, these stop compiling, and fixtures.test.ts parses each with the contract's schema.
 */
import type {
  CompanyInfo,
  CompanyInfoResponse,
  ProfileCard,
  MemberProfile,
  Settings,
  SettingsResponse,
  User,
  UserResponse,
} from '@app/contract';

export const settingsFixture = {
  countries: [{ code: 'NL', name: 'Nederland', region_label: 'province', currency: 'EUR' }],
  name: 'Vonkje',
  index_title: 'Daten en chatten met singles bij jou in de buurt',
  description: 'Maak gratis een profiel, ontdek leden in de buurt, like, match en chat.',
  visible_profile_fields: ['gender', 'age'],
  visible_profile_notes: ['about'],
  geoip_country: 'NL',
  geoip_selected_country: 'NL',
  cdn_prefix: '/media/',
  message_credits: 10,
  signup_credits: 0,
  photo_credits: 15,
  gift_credits: 20,
  message_length: 1000,
  minimum_message_costs: { NL: { costs: 0.25, currency: 'EUR' } },
  support_email: 'support@vonkje.test',
  support_phone: '+31 20 000 0000',
  enable_site_entry_popup: true,
  push_public_key: null,
  search_fields: ['gender', 'country'],
  domain: 'localhost',
  domain_language: 'nl-NL',
  fictional_warning: 'Op deze site zijn ook fictieve profielen actief, chatmaatjes genoemd.',
  fictional_singular: 'chatmaatje',
  fictional_plural: 'chatmaatjes',
  fictional_icon: '🎭',
  refund_days: 14,
  signups: 'all',
  logged_out_search: true,
  logged_out_search_trafficsource: false,
  interests: [{ id: 1, slug: 'hiking', icon: '🥾', kind: 'hobby' }],
  member_resell: false,
  partner_redirect_url: '',
  region_data: { NL: { label: 'province', regions: 12 } },
  min_age: 18,
} satisfies Settings;

export const settingsResponseFixture = {
  settings: settingsFixture,
  domain_language: 'nl-NL',
} satisfies SettingsResponse;

export const companyInfoFixture = {
  name: 'Vonkje B.V.',
  address: 'Keizersgracht 1',
  kvk: '12345678',
  city: 'Amsterdam',
  country: 'Nederland',
  tradenames: ['Vonkje'],
  vat_numbers: ['NL000000000B01'],
  support_phone: '+31 20 000 0000',
  delete_discount: null,
  added: '2024-01-01T00:00:00.000Z',
} satisfies CompanyInfo;

export const companyInfoResponseFixture = {
  companyinfo: companyInfoFixture,
} satisfies CompanyInfoResponse;

export const userFixture = {
  id: 1,
  status: 'confirmed',
  credits: 5,
  paid_user: true,
  language: 'nl',
  fictional_icon: '🎭',
  signup_date: '2024-01-01T00:00:00.000Z',
  notifications_disabled: [],
  roles: [],
  profile: {
    id: 10,
    name: 'Sanne',
    status: 'active',
    country: 'NL',
    gender: 'female',
    fictional: false,
    invisible: false,
    privacy_mode: false,
    main_image: null,
  },
} satisfies User;

export const userResponseFixture = { user: userFixture } satisfies UserResponse;

/** Just signed up: not confirmed yet, the profile waits for the confirmation. */
export const newUserFixture = {
  ...userFixture,
  status: 'not_confirmed',
  paid_user: false,
  profile: { ...userFixture.profile, status: 'disabled' },
} satisfies User;

/** A member's public card (member.php, signup-matches.php). */
export const profileCardFixture = {
  id: 7,
  name: 'Mila',
  age: 29,
  gender: 'female',
  country: 'NL',
  region: 'Noord-Holland',
  city: 'Haarlem',
  fictional: true,
  online: true,
  main_image: null,
} satisfies ProfileCard;

/** Mila's profile page as member.php answers it (a visitor's view: no relation). */
export const memberProfileFixture = {
  ...profileCardFixture,
  sexuality: 'hetero',
  hair_color: 'blond',
  eye_color: 'blue',
  body_type: 'slim',
  relationship_status: 'single',
  tattoos: false,
  signup_reason: 'dating',
  about: 'Ik hou van lange wandelingen langs het strand.',
  interests: ['music', 'cooking'],
  photo_count: 0,
  photos: [],
  relation: null,
} satisfies MemberProfile;
