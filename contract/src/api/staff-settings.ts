import { z } from 'zod';
import { DEFAULT_LANGUAGE, FREE_MEMBERS_SEE, SUPPORTED_LANGUAGES } from '../constants';
import { count, country, currency, text, unique } from './staff-form-fields';

/**
 * The site's settings, as admins edit them in the console (GET and PUT /api/staff/settings). A
 * change is audited with before and after, and reaches every running process within a second
 * (Redis pub/sub invalidates their caches).
 */

/** The profile fields the profile page may show (visible_profile_fields). */
export const PROFILE_FIELDS = [
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
] as const;
export type ProfileFieldName = (typeof PROFILE_FIELDS)[number];

/** The notes (free texts) the profile page may show (visible_profile_notes). */
export const PROFILE_NOTES = ['about'] as const;

/** The search fields the search form may offer (search_fields). */
export const SEARCH_FIELDS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
export type SearchFieldName = (typeof SEARCH_FIELDS)[number];

export const SIGNUP_MODES = ['all', 'with_trafficsource', 'disabled'] as const;

const language = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'Zoals nl-NL');

/**
 * Every operator-editable setting (SPEC point 3) with its type and bounds: the server stores
 * only values this accepts, and the console's form validates with it.
 */
export const settingsValues = z.object({
  name: text(100),
  index_title: text(200),
  description: text(500),
  visible_profile_fields: unique(z.enum(PROFILE_FIELDS)),
  visible_profile_notes: unique(z.enum(PROFILE_NOTES)),
  search_fields: unique(z.enum(SEARCH_FIELDS)),
  /** Where media are served from: a path ('/media/') or an https address, ending in '/'. */
  cdn_prefix: z
    .string()
    .trim()
    .max(200)
    .regex(
      /^(\/|https:\/\/[a-z0-9.-]+(:\d+)?\/)([A-Za-z0-9._~-]+\/)*$/,
      'Zoals /media/ of https://cdn.example.nl/media/',
    ),
  message_credits: count(10_000),
  signup_credits: count(10_000),
  photo_credits: count(10_000),
  /** The least any gift costs: a gift priced lower costs this. */
  gift_credits: count(10_000),
  /** What a boost costs in credits (issue 38; a boost is never free but a premium's weekly). */
  boost_credits: z.number().int().min(1).max(10_000),
  message_length: z.number().int().min(1).max(10_000),
  chat_history_days: z.number().int().min(1).max(3650),
  /** Days a profile visit is kept and shown on the visitors page (issue 38); then purged. */
  visit_retention_days: z.number().int().min(1).max(365),
  /**
   * What a free member sees of who viewed their profile and of who liked them: `count` (how
   * many, blurred cards; who it was is premium) or `everything` (as premium members).
   */
  free_members_see_visitors: z.enum(FREE_MEMBERS_SEE),
  free_members_see_likes: z.enum(FREE_MEMBERS_SEE),
  /** Per country: the least one message may cost in money (the packages' price per message). */
  minimum_message_costs: z.partialRecord(
    country,
    z.object({ costs: z.number().min(0).max(100), currency }),
  ),
  support_email: z.email().max(254),
  support_phone: text(40),
  enable_site_entry_popup: z.boolean(),
  domain_language: language,
  domain_languages: z.record(z.string().regex(/^[a-z0-9.-]{1,253}$/), language),
  /**
   * The languages members and visitors may choose (SPEC point 1: nl only, the default); the
   * staff console keeps all seven. nl is always offered: every text falls back to it.
   */
  languages_offered: unique(z.enum(SUPPORTED_LANGUAGES)).refine(
    (list) => list.includes(DEFAULT_LANGUAGE),
    'Nederlands (nl) wordt altijd aangeboden',
  ),
  fictional_warning: text(2000),
  fictional_singular: text(40),
  fictional_plural: text(40),
  fictional_icon: text(8),
  refund_days: count(365),
  signups: z.enum(SIGNUP_MODES),
  signup_invite_only: z.boolean(),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  /** The site shares (resells) its members' profiles with partner sites: signup says so. */
  member_resell: z.boolean(),
  partner_redirect_url: z.union([z.literal(''), z.url({ protocol: /^https$/ }).max(500)]),
  min_age: z.number().int().min(18).max(99),
});
export type SettingsValues = z.infer<typeof settingsValues>;
export type SettingName = keyof SettingsValues;

/** How the console's form groups the settings (every key in exactly one group). */
export const SETTING_GROUPS = {
  site: [
    'name',
    'index_title',
    'description',
    'support_email',
    'support_phone',
    'domain_language',
    'domain_languages',
    'languages_offered',
    'cdn_prefix',
    'enable_site_entry_popup',
    'partner_redirect_url',
  ],
  signup: ['signups', 'signup_invite_only', 'min_age', 'signup_credits'],
  profiles: [
    'visible_profile_fields',
    'visible_profile_notes',
    'search_fields',
    'logged_out_search',
    'logged_out_search_trafficsource',
    'visit_retention_days',
  ],
  premium: ['free_members_see_visitors', 'free_members_see_likes'],
  costs: [
    'message_credits',
    'photo_credits',
    'gift_credits',
    'boost_credits',
    'minimum_message_costs',
    'member_resell',
    'refund_days',
  ],
  chat: [
    'message_length',
    'chat_history_days',
    'fictional_warning',
    'fictional_singular',
    'fictional_plural',
    'fictional_icon',
  ],
} as const satisfies Record<string, readonly SettingName[]>;

/** PUT /api/staff/settings: the settings to change (at least one; unknown names are refused). */
export const settingsChangeBody = settingsValues
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Geen instelling om te wijzigen');
export type SettingsChange = z.infer<typeof settingsChangeBody>;

/** GET/PUT /api/staff/settings: every setting's value now. */
export const staffSettingsResponse = z.object({ settings: settingsValues });
export type StaffSettingsResponse = z.infer<typeof staffSettingsResponse>;
