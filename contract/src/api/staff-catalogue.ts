import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../constants';
import { PAYMENT_METHODS } from '../payment-methods';
import { dbId } from './fields';
import { country, currency, text, unique } from './staff-form-fields';

/**
 * The site's catalogue, as admins edit it in the console (routes under /api/staff/catalogue/):
 * the company details, invite codes, discount codes, credit packages and gifts. Every change is
 * audited with before and after, and reaches every running process within a second (Redis
 * pub/sub invalidates their caches). The settings are in staff-settings.ts.
 */

/** The `:id` of a catalogue item in a path. */
export const catalogueIdParam = z.object({ id: dbId });

// ---------------------------------------------------------------------------- company info

export const companyInfoValues = z.object({
  name: text(200),
  address: text(200),
  kvk: z
    .string()
    .trim()
    .regex(/^\d{8}$/, 'Acht cijfers'),
  city: text(100),
  country: text(100),
  tradenames: z.array(text(200)).max(20),
  vat_numbers: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/),
    )
    .max(20),
  support_phone: text(40),
  /** The template code of the deletion offer (a discount code with issue days), or null. */
  delete_discount: z.string().trim().min(1).max(50).nullable(),
});
export type CompanyInfoValues = z.infer<typeof companyInfoValues>;

export const staffCompanyInfoResponse = z.object({ companyinfo: companyInfoValues.nullable() });
export type StaffCompanyInfoResponse = z.infer<typeof staffCompanyInfoResponse>;

// ----------------------------------------------------------------------------- invite codes

export const inviteState = z.enum(['open', 'used', 'expired', 'revoked']);
export type InviteState = z.infer<typeof inviteState>;

export const staffInvite = z.object({
  id: z.number().int(),
  code: z.string(),
  state: inviteState,
  expires_at: z.string().nullable(),
  used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffInvite = z.infer<typeof staffInvite>;

/** POST /api/staff/catalogue/invites: `count` new random codes, or one chosen `code`. */
export const inviteCreateBody = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{6,64}$/, '6 tot 64 letters, cijfers of streepjes')
      .optional(),
    count: z.number().int().min(1).max(100).default(1),
    expires_in_days: z.number().int().min(1).max(365).nullable().default(null),
  })
  .strict()
  .refine((body) => !body.code || body.count === 1, {
    message: 'Een eigen code maak je één keer',
    path: ['count'],
  });
export type InviteCreate = z.input<typeof inviteCreateBody>;

export const staffInvitesResponse = z.object({ invites: z.array(staffInvite) });
export type StaffInvitesResponse = z.infer<typeof staffInvitesResponse>;

// --------------------------------------------------------------------------- discount codes

export const staffDiscount = z.object({
  id: z.number().int(),
  code: z.string(),
  value_percentage: z.number(),
  minimum_order_cents: z.number().int(),
  country: z.string().nullable(),
  currency: z.string().nullable(),
  expires_at: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  validity: z.enum(['once_per_user', 'once', 'unlimited']),
  payment_methods: z.array(z.string()),
  issue_days: z.number().int().nullable(),
  /** Payments that were paid with it, and checkouts holding it now. */
  claimed: z.number().int(),
  held: z.number().int(),
  created_at: z.string(),
});
export type StaffDiscount = z.infer<typeof staffDiscount>;

export const discountCreateBody = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, '3 tot 40 letters, cijfers, _ of -')
      .transform((code) => code.toUpperCase()),
    value_percentage: z.number().gt(0).max(100).multipleOf(0.01),
    minimum_order_cents: z.number().int().min(0).max(10_000_000).default(0),
    country: country.nullable().default(null),
    currency: currency.nullable().default(null),
    expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
    validity: z.enum(['once_per_user', 'once', 'unlimited']).default('once_per_user'),
    payment_methods: unique(z.enum(PAYMENT_METHODS)).default([]),
    /** A template of personal copies (the deletion offer), valid this many days each. */
    issue_days: z.number().int().min(1).max(365).nullable().default(null),
  })
  .strict();
export type DiscountCreate = z.input<typeof discountCreateBody>;

export const staffDiscountsResponse = z.object({ discounts: z.array(staffDiscount) });
export type StaffDiscountsResponse = z.infer<typeof staffDiscountsResponse>;
export const staffDiscountResponse = z.object({ discount: staffDiscount });

// -------------------------------------------------------------------------- credit packages

const price = z.object({ currency, price_cents: z.number().int().min(1).max(10_000_000) });

export const staffPackage = z.object({
  id: z.number().int(),
  slug: z.string(),
  credits: z.number().int(),
  price_cents: z.number().int(),
  currency: z.string(),
  /** The package's price in other currencies (a round local price each). */
  prices: z.array(price),
  tryout: z.boolean(),
  popular: z.boolean(),
  active: z.boolean(),
  position: z.number().int(),
  /** Payments refer to it: its credits and prices are history and cannot change. */
  in_use: z.boolean(),
  /** The package this one replaced (a changed price or credits make a new version). */
  replaces_id: z.number().int().nullable(),
});
export type StaffPackage = z.infer<typeof staffPackage>;

const packageFields = {
  credits: z.number().int().min(1).max(1_000_000),
  price_cents: z.number().int().min(1).max(10_000_000),
  currency,
  prices: z
    .array(price)
    .max(10)
    .refine(
      (list) => new Set(list.map((p) => p.currency)).size === list.length,
      'Eén prijs per valuta',
    ),
  tryout: z.boolean(),
  popular: z.boolean(),
  position: z.number().int().min(0).max(1000),
};

export const packageCreateBody = z
  .object({
    slug: z.string().regex(/^[a-z0-9_]{2,40}$/, '2 tot 40 kleine letters, cijfers of _'),
    ...packageFields,
    prices: packageFields.prices.default([]),
    tryout: packageFields.tryout.default(false),
    popular: packageFields.popular.default(false),
    position: packageFields.position.default(0),
  })
  .strict();
export type PackageCreate = z.input<typeof packageCreateBody>;

/**
 * PATCH /api/staff/catalogue/packages/:id. Changing credits or prices of a package payments refer
 * to deactivates it and makes a new version (the answer is the new package); position, popular
 * and active change in place.
 */
export const packageChangeBody = z
  .object({ ...packageFields, active: z.boolean() })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Niets om te wijzigen');
export type PackageChange = z.infer<typeof packageChangeBody>;

export const staffPackagesResponse = z.object({ packages: z.array(staffPackage) });
export type StaffPackagesResponse = z.infer<typeof staffPackagesResponse>;
export const staffPackageResponse = z.object({ package: staffPackage });

// ------------------------------------------------------------------------------------ gifts

export const giftNames = z.object(
  Object.fromEntries(SUPPORTED_LANGUAGES.map((lang) => [lang, text(60)])) as Record<
    (typeof SUPPORTED_LANGUAGES)[number],
    ReturnType<typeof text>
  >,
);
export type GiftNames = z.infer<typeof giftNames>;

export const staffGift = z.object({
  id: z.number().int(),
  slug: z.string(),
  names: giftNames.partial(),
  image: z.string(),
  credits: z.number().int(),
  position: z.number().int(),
  active: z.boolean(),
});
export type StaffGift = z.infer<typeof staffGift>;

/** The gift pictures the site has (server/assets/gifts): a gift shows one of them. */
export const GIFT_IMAGES = [
  'rose.svg',
  'heart.svg',
  'coffee.svg',
  'kiss.svg',
  'love_letter.svg',
  'chocolate.svg',
  'teddy.svg',
  'champagne.svg',
  'bouquet.svg',
  'diamond_ring.svg',
] as const;

const giftFields = {
  names: giftNames,
  image: z.enum(GIFT_IMAGES),
  credits: z.number().int().min(1).max(100_000),
  position: z.number().int().min(0).max(1000),
};

export const giftCreateBody = z
  .object({
    slug: z.string().regex(/^[a-z0-9_]{2,40}$/, '2 tot 40 kleine letters, cijfers of _'),
    ...giftFields,
    position: giftFields.position.default(0),
  })
  .strict();
export type GiftCreate = z.input<typeof giftCreateBody>;

export const giftChangeBody = z
  .object({ ...giftFields, active: z.boolean() })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Niets om te wijzigen');
export type GiftChange = z.infer<typeof giftChangeBody>;

export const staffGiftsResponse = z.object({
  gifts: z.array(staffGift),
  /** Where the pictures are served: the media prefix (cdn_prefix) and `gifts/`. */
  image_prefix: z.string(),
});
export type StaffGiftsResponse = z.infer<typeof staffGiftsResponse>;
export const staffGiftResponse = z.object({ gift: staffGift });

/** What the catalogue's audit rows are called. */
export const CATALOGUE_ACTIONS = [
  'settings.change',
  'company_info.change',
  'invite.create',
  'invite.revoke',
  'discount.create',
  'discount.deactivate',
  'package.create',
  'package.change',
  'package.version',
  'gift.create',
  'gift.change',
] as const;
