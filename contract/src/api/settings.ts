import { z } from 'zod';
import { FREE_MEMBERS_SEE, SUPPORTED_LANGUAGES } from '../constants';

/** Page query parameters pass through; these are the ones the server reads. */
export const settingsQuery = z
  .object({
    forced_domain: z
      .string()
      .max(253)
      .regex(/^[a-z0-9.-]*$/i)
      .optional(),
    country: z.string().length(2).optional(),
  })
  .passthrough();

export const regionsQuery = z.object({
  country: z
    .string()
    .length(2)
    .transform((c) => c.toUpperCase())
    .optional(),
});

export const regionLabel = z.enum([
  'province',
  'state',
  'canton',
  'county',
  'region',
  'territory',
  'voivodeship',
]);
export type RegionLabel = z.infer<typeof regionLabel>;

export const interest = z.object({
  id: z.number().int(),
  slug: z.string(),
  icon: z.string(),
  kind: z.string(),
});
export type Interest = z.infer<typeof interest>;

export const settingsCountry = z.object({
  code: z.string(),
  name: z.string(),
  region_label: regionLabel,
  currency: z.string(),
});
export type SettingsCountry = z.infer<typeof settingsCountry>;

/** Every Settings field of SPEC point 3. */
export const settings = z.object({
  countries: z.array(settingsCountry),
  name: z.string(),
  index_title: z.string(),
  description: z.string(),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.array(z.string()),
  geoip_country: z.string(),
  geoip_selected_country: z.string(),
  cdn_prefix: z.string(),
  message_credits: z.number(),
  signup_credits: z.number(),
  photo_credits: z.number(),
  gift_credits: z.number(),
  /** What a boost costs in credits (issue 38: the pricing page and the FAQ state it). */
  boost_credits: z.number().int(),
  message_length: z.number(),
  minimum_message_costs: z.record(
    z.string(),
    z.object({ costs: z.number(), currency: z.string() }),
  ),
  support_email: z.string(),
  support_phone: z.string(),
  enable_site_entry_popup: z.boolean(),
  push_public_key: z.string().nullable(),
  search_fields: z.array(z.string()),
  domain: z.string(),
  domain_language: z.string(),
  /** The languages members and visitors may choose (nl always; by default nl only). */
  languages_offered: z.array(z.enum(SUPPORTED_LANGUAGES)),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  fictional_icon: z.string(),
  refund_days: z.number(),
  /** Chat history older than this many days is hidden (the legal pages and FAQ say so). */
  chat_history_days: z.number().int(),
  /**
   * What free members see of who viewed their profile and who liked them (the pricing page and
   * the FAQ say what premium adds): `count` or `everything`.
   */
  free_members_see_visitors: z.enum(FREE_MEMBERS_SEE),
  free_members_see_likes: z.enum(FREE_MEMBERS_SEE),
  /** all, with_trafficsource, or otherwise disabled. */
  signups: z.string(),
  logged_out_search: z.boolean(),
  logged_out_search_trafficsource: z.boolean(),
  interests: z.array(interest),
  member_resell: z.boolean(),
  /** Where a member goes after deleting the account; '' = nowhere. */
  partner_redirect_url: z.string(),
  region_data: z.record(z.string(), z.object({ label: regionLabel, regions: z.number().int() })),
  min_age: z.number().int(),
});
export type Settings = z.infer<typeof settings>;

export const settingsResponse = z.object({ settings, domain_language: z.string() });
export type SettingsResponse = z.infer<typeof settingsResponse>;

export const interestsResponse = z.object({ interests: z.array(interest) });
export type InterestsResponse = z.infer<typeof interestsResponse>;

export const region = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type Region = z.infer<typeof region>;

export const countryRegions = z.object({
  code: z.string(),
  region_label: regionLabel,
  regions: z.array(region),
});
export type CountryRegions = z.infer<typeof countryRegions>;

export const regionsResponse = z.object({ countries: z.array(countryRegions) });
export type RegionsResponse = z.infer<typeof regionsResponse>;

export const companyInfo = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  /**
   * Whether the deletion page offers a discount. The code itself is never published: it is
   * issued to the member on that page (POST /api/delete-discount.php), bound to them.
   */
  delete_discount: z.boolean(),
  added: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;

export const companyInfoResponse = z.object({ companyinfo: companyInfo.nullable() });
export type CompanyInfoResponse = z.infer<typeof companyInfoResponse>;
