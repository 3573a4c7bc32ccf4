import { z } from 'zod';

/** POST /api/like.php likes a member, DELETE removes the like (both idempotent). */
export const likeRequest = z.object({ member: z.number().int().positive() });
export type LikeRequest = z.infer<typeof likeRequest>;

/** Whether the viewer now likes the member, and whether the two like each other (a match). */
export const likeResponse = z.object({ liked: z.boolean(), match: z.boolean() });
export type LikeResponse = z.infer<typeof likeResponse>;
