import { z } from 'zod';
import { dbIdNumber } from './fields';
import { profileCard } from './members';

/**
 * GET /api/swipe.php: the next candidates of the swipe game (visible members of the gender the
 * member seeks whom they have not decided on yet, up to 10) and today's likes left (days by
 * Europe/Amsterdam; SWIPE_LIKES_PER_DAY a day).
 */
export const swipeResponse = z.object({
  profiles: z.array(profileCard),
  likes_left: z.number().int().nonnegative(),
  likes_per_day: z.number().int().positive(),
});
export type SwipeResponse = z.infer<typeof swipeResponse>;

/**
 * POST /api/swipe.php: a decision on one candidate. A like costs one of today's likes (a fifth
 * is refused with 429 swipe_limit_reached) and stores a like; a pass stores only the decision.
 * Deciding twice on the same member changes nothing.
 */
export const swipeRequest = z.object({
  member: dbIdNumber,
  choice: z.enum(['like', 'pass']),
});
export type SwipeRequest = z.infer<typeof swipeRequest>;

/** Today's likes left after the decision, and whether the member likes the viewer too. */
export const swipeDecisionResponse = z.object({
  likes_left: z.number().int().nonnegative(),
  match: z.boolean(),
});
export type SwipeDecisionResponse = z.infer<typeof swipeDecisionResponse>;
