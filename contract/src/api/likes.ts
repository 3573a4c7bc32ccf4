import { z } from 'zod';
import { dbIdNumber } from './fields';
import { profileCard } from './members';
import { mainImage } from './photos';

/** POST /api/like.php likes a member, DELETE removes the like (both idempotent). */
export const likeRequest = z.object({ member: dbIdNumber });
export type LikeRequest = z.infer<typeof likeRequest>;

/** Whether the viewer now likes the member, and whether the two like each other (a match). */
export const likeResponse = z.object({ liked: z.boolean(), match: z.boolean() });
export type LikeResponse = z.infer<typeof likeResponse>;

/** A given like (GET /api/likes.php): the liked member's profile id. */
export const givenLike = z.object({ id: z.number().int(), created_at: z.string() });
export type GivenLike = z.infer<typeof givenLike>;

/** A received like: the liker's profile id and whether the viewer has not opened it yet. */
export const receivedLike = z.object({
  id: z.number().int(),
  like_new: z.boolean(),
  created_at: z.string(),
});
export type ReceivedLike = z.infer<typeof receivedLike>;

/**
 * GET /api/likes.php: the viewer's likes (SPEC point 3, chat state). `profiles` holds the card of
 * every visible member in either list; `likes` are the given ones (newest first), `liked_by` the
 * received ones (new first, then newest); a member in both lists is a match. `new_likes` counts
 * the received likes still marked new (the navigation badge).
 */
export const likesResponse = z.object({
  profiles: z.array(profileCard),
  likes: z.array(givenLike),
  liked_by: z.array(receivedLike),
  new_likes: z.number().int(),
});
export type LikesResponse = z.infer<typeof likesResponse>;

/**
 * GET /api/auto-like.php: the newest received like still marked new from a visible member, for
 * the Match / New like modal (null when there is none); `match` when the viewer likes them too.
 */
export const autoLikeResponse = z.object({
  profile: z
    .object({
      id: z.number().int(),
      name: z.string(),
      fictional: z.boolean(),
      main_image: mainImage,
      match: z.boolean(),
    })
    .nullable(),
});
export type AutoLikeResponse = z.infer<typeof autoLikeResponse>;

/**
 * POST /api/page-hidden.php: the page-bounce beacon (SPEC point 7: a JSON body). It carries the
 * page's path, since the site sends `Referrer-Policy: no-referrer` and a beacon has no Referer;
 * a beacon without one (the spec's empty body) is counted as `other`.
 */
export const pageHiddenRequest = z.object({ path: z.string().max(2048).optional() });
