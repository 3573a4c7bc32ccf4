/**
 * API answers for web tests, typed by the contract (`satisfies`): when the server's answer shape
 * changes, these stop compiling, and fixtures.test.ts parses each with the contract's schema.
 */
import { PROFILE_FIELDS, SEARCH_FIELDS, SUPPORTED_LANGUAGES } from '@app/contract';
import type {
  BlocksResponse,
  CompanyInfo,
  CompanyInfoResponse,
  ProfileCard,
  MemberProfile,
  SearchResponse,
  MemberResponse,
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
  // the site's defaults: every field shown, every search field offered
  visible_profile_fields: [...PROFILE_FIELDS],
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
  search_fields: [...SEARCH_FIELDS],
  domain: 'localhost',
  domain_language: 'nl-NL',
  // the tests speak all seven languages (a new site offers nl only: tests of that say so)
  languages_offered: [...SUPPORTED_LANGUAGES],
  fictional_warning: 'Op deze site zijn ook fictieve profielen actief, chatmaatjes genoemd.',
  fictional_singular: 'chatmaatje',
  fictional_plural: 'chatmaatjes',
  fictional_icon: '🎭',
  refund_days: 14,
  chat_history_days: 365,
  boost_credits: 50,
  free_members_see_visitors: 'count',
  free_members_see_likes: 'count',
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
  delete_discount: false,
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
  pending_consents: [],
  profile: {
    id: 10,
    name: 'Sanne',
    status: 'active',
    country: 'NL',
    gender: 'female',
    seeking_gender: 'male',
    fictional: false,
    invisible: false,
    privacy_mode: false,
    main_image: {
      id: 501,
      filename: '/media/photos/sanne-card.webp?e=1&v=o&s=x',
      thumb_filename: '/media/photos/sanne-thumb.webp?e=1&v=o&s=x',
      status: 'active',
    },
  },
} satisfies User;

export const userResponseFixture = { user: userFixture } satisfies UserResponse;

/** Just signed up: not confirmed yet, the profile waits for the confirmation. */
export const newUserFixture = {
  ...userFixture,
  status: 'not_confirmed',
  paid_user: false,
  profile: { ...userFixture.profile, status: 'disabled', main_image: null },
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
  verified: false,
  online: true,
  main_image: null,
} satisfies ProfileCard;

/** search.php finding no one. */
export const emptySearchResponseFixture = {
  profiles: [],
  next_cursor: null,
  num_results: 0,
  num_results_capped: false,
  similar: null,
} satisfies SearchResponse;

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

/** A signed photo URL as the server hands it out (`/media/photos/<file>?e=&s=`). */
const photoUrl = (file: string) => `/media/photos/${file}?e=1900000000&s=c2lnbmVk`;

/**
 * Daan's profile page as a free member (or a visitor, with `relation: null`) sees it: the main
 * photo open, the two others as blurred thumbnails only.
 */
export const memberWithPhotosFixture = {
  id: 12,
  name: 'Daan',
  age: 34,
  gender: 'male',
  country: 'NL',
  region: 'Utrecht',
  city: 'Amersfoort',
  fictional: false,
  verified: false,
  online: false,
  main_image: {
    id: 31,
    filename: photoUrl('31-card.webp'),
    thumb_filename: photoUrl('31-thumb.webp'),
    status: 'active',
    match: photoUrl('31-card.webp'),
    locked: false,
  },
  sexuality: 'hetero',
  hair_color: 'dark_brown',
  eye_color: 'green',
  body_type: 'normal',
  relationship_status: 'divorced',
  tattoos: true,
  signup_reason: 'relationship',
  about: 'Fietser, koffieliefhebber en altijd in voor een goed gesprek.',
  interests: ['hiking', 'coffee'],
  photo_count: 3,
  photos: [
    {
      id: 31,
      locked: false,
      main: true,
      thumb_url: photoUrl('31-thumb.webp'),
      card_url: photoUrl('31-card.webp'),
      full_url: photoUrl('31-full.webp'),
      width: 1200,
      height: 1600,
    },
    { id: 32, locked: true, main: false, thumb_url: photoUrl('32-blur.webp') },
    { id: 33, locked: true, main: false, thumb_url: photoUrl('33-blur.webp') },
  ],
  relation: { blocked: false, liked: false, liked_by: false },
} satisfies MemberProfile;

/** member.php for Daan, with Mila among the related profiles. */
export const memberWithPhotosResponseFixture = {
  profile: memberWithPhotosFixture,
  related: [profileCardFixture],
} satisfies MemberResponse;

/** GET /api/blocks.php: two blocked members, newest first. */
export const blocksResponseFixture = {
  blocked: [
    { id: 12, name: 'Daan', blocked_at: '2026-03-14T10:00:00.000Z' },
    { id: 21, name: 'Joost', blocked_at: '2026-02-01T18:30:00.000Z' },
  ],
} satisfies BlocksResponse;
