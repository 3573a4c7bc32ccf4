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

/**
 * A received like: the liker's profile id and whether the viewer has not opened it yet. `id` is
 * null for a like whose liker the viewer may not see (a free member while the site setting
 * free_members_see_likes is `count`, and the liker no match of theirs): the page draws a blurred
 * card, and nothing of the liker (id, name, photo) is in the answer.
 */
export const receivedLike = z.object({
  id: z.number().int().nullable(),
  like_new: z.boolean(),
  created_at: z.string(),
});
export type ReceivedLike = z.infer<typeof receivedLike>;

/**
 * GET /api/likes.php: the viewer's likes (SPEC point 3, chat state). `profiles` holds the card of
 * every visible member in either list; `likes` are the given ones (newest first), `liked_by` the
 * received ones (new first, then newest); a member in both lists is a match. `new_likes` counts
 * the received likes still marked new (the navigation badge). `likers_shown`: whether every
 * received like names its liker (premium members, or everyone while free_members_see_likes is
 * `everything`); when false, only matches do, and `profiles` holds no other liker's card.
 */
export const likesResponse = z.object({
  profiles: z.array(profileCard),
  likes: z.array(givenLike),
  liked_by: z.array(receivedLike),
  new_likes: z.number().int(),
  likers_shown: z.boolean(),
});
export type LikesResponse = z.infer<typeof likesResponse>;

/**
 * GET /api/auto-like.php: the newest received like still marked new from a visible member, for
 * the Match / New like modal (null when there is none); `match` when the viewer likes them too.
 * A free member who may not see likers (free_members_see_likes `count`) gets a profile only for
 * a match; `hidden_like` says a newer like is from a liker they may not see (the modal says that
 * someone liked them, not who).
 */
export const autoLikeResponse = z.object({
  hidden_like: z.boolean(),
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
