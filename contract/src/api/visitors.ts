import { z } from 'zod';
import { dbIdNumber } from './fields';
import { profileCard } from './members';

// ---------------------------------------------------------------- who viewed my profile

/** GET /api/visitors.php?page=N: a page of the visitors page (1 when none). */
export const visitorsQuery = z
  .object({
    page: z
      .string()
      .regex(/^\d{1,4}$/)
      .transform(Number)
      .pipe(z.number().int().min(1).max(9999))
      .optional()
      .default(1),
  })
  .strict();
export type VisitorsQuery = z.infer<typeof visitorsQuery>;

/**
 * One visitor: when they last opened the member's profile, and for premium members who it was.
 * For free members `profile` is null: the page shows a blurred placeholder and nothing of the
 * visitor (no id, name or photo) reaches the browser.
 */
export const visitorEntry = z.object({
  visited_at: z.string(),
  profile: profileCard.nullable(),
});
export type VisitorEntry = z.infer<typeof visitorEntry>;

/**
 * GET /api/visitors.php: the members who viewed the caller's profile within the retention
 * period (one entry per visitor, the latest visit first), as far as a list may show them
 * (member-access, the `list` rule: never invisible, blocked, deleted or banned ones). `total`
 * counts them; `premium` says whether the entries carry who it was (premium members, and free
 * members too while the site setting free_members_see_visitors is `everything`); `browse_unseen` is the
 * caller's own setting (premium members may browse without leaving visits).
 */
export const visitorsResponse = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  premium: z.boolean(),
  retention_days: z.number().int(),
  browse_unseen: z.boolean(),
  visitors: z.array(visitorEntry),
});
export type VisitorsResponse = z.infer<typeof visitorsResponse>;

/**
 * GET /api/visitor-settings.php reads, PUT switches browsing without leaving visits (premium
 * members only: switching it on as a free member is 403 premium_only).
 */
export const visitorSettingsRequest = z.object({ browse_unseen: z.boolean() }).strict();
export type VisitorSettingsRequest = z.infer<typeof visitorSettingsRequest>;
export const visitorSettingsResponse = z.object({ browse_unseen: z.boolean() });
export type VisitorSettingsResponse = z.infer<typeof visitorSettingsResponse>;

// ---------------------------------------------------------------- favourites

/** PUT /api/favourite.php adds a favourite, DELETE removes it (both idempotent). */
export const favouriteRequest = z.object({ member: dbIdNumber }).strict();
export type FavouriteRequest = z.infer<typeof favouriteRequest>;
export const favouriteResponse = z.object({ member: z.number().int(), favourite: z.boolean() });
export type FavouriteResponse = z.infer<typeof favouriteResponse>;

/**
 * GET /api/favourites.php: the caller's own favourites (never another member's: the call reads
 * no member from the request, whatever it carries), newest first, as far as a list may show them; `ids` holds the profile ids of all
 * of them (the stars on cards and profile pages).
 */
export const favouritesResponse = z.object({
  ids: z.array(z.number().int()),
  profiles: z.array(profileCard),
});
export type FavouritesResponse = z.infer<typeof favouritesResponse>;
