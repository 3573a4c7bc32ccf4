import { z } from 'zod';
import { dbId } from './fields';
import { profileCard } from './members';

/** How many members a lander may ask for at most, and how many it gets without asking. */
export const LANDER_MEMBERS_MAX = 24;
export const LANDER_MEMBERS_DEFAULT = 12;

/**
 * GET /api/landers.php (visitors; no session needed): a few visible members for a landing page,
 * and with `member` that member (a member landing). The visitor's view of the visibility rule:
 * never a hidden, deleted, banned, unconfirmed, invisible or privacy-mode member.
 */
export const landersQuery = z.object({
  count: z.coerce.number().int().min(1).max(LANDER_MEMBERS_MAX).default(LANDER_MEMBERS_DEFAULT),
  member: dbId.optional(),
});
export type LandersQuery = z.infer<typeof landersQuery>;

/** A member's public card with the coordinates of the city on their profile (the map lander). */
export const landerMember = profileCard.extend({
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type LanderMember = z.infer<typeof landerMember>;

export const landersResponse = z.object({
  /** Members with an approved main photo first, then the most recently active. */
  members: z.array(landerMember),
  /** The asked-for member; null when not asked for or not visible to visitors. */
  member: landerMember.nullable(),
});
export type LandersResponse = z.infer<typeof landersResponse>;
