import { z } from 'zod';
import { PHOTO_REJECT_REASON_MAX } from '../constants';
import { dbId, dbIdNumber } from './fields';

/**
 * Photo files are served only at signed, expiring URLs (`/media/photos/<file>?e=&s=`) that the
 * server hands to a viewer who may see them (member-access photo rule). A locked photo has only
 * its blurred thumbnail's URL: the full photo's URL is never sent to such a viewer.
 */
export const photoStatus = z.enum(['under_inspection', 'active', 'rejected']);
export type PhotoStatus = z.infer<typeof photoStatus>;

/** A photo of another member as a viewer may have it. */
export const memberPhoto = z.discriminatedUnion('locked', [
  z.object({
    id: z.number().int(),
    locked: z.literal(false),
    main: z.boolean(),
    thumb_url: z.string(),
    card_url: z.string(),
    full_url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
  z.object({
    id: z.number().int(),
    locked: z.literal(true),
    main: z.boolean(),
    /** The blurred thumbnail, made on the server. */
    thumb_url: z.string(),
  }),
]);
export type MemberPhoto = z.infer<typeof memberPhoto>;

/**
 * The main image of a card (SPEC point 3: filename, thumb_filename, status, match; null when
 * none or when the viewer may not see it at all). Locked: every URL is the blurred thumbnail's.
 */
export const mainImage = z
  .object({
    id: z.number().int(),
    filename: z.string(),
    thumb_filename: z.string(),
    status: z.literal('active'),
    match: z.string(),
    locked: z.boolean(),
  })
  .nullable();
export type MainImage = z.infer<typeof mainImage>;

/** One of the member's own photos, with its moderation state. */
export const ownPhoto = z.object({
  id: z.number().int(),
  status: photoStatus,
  main: z.boolean(),
  rejected_reason: z.string().nullable(),
  thumb_url: z.string(),
  card_url: z.string(),
  full_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  created_at: z.string(),
});
export type OwnPhoto = z.infer<typeof ownPhoto>;

/** GET /api/photos.php: the member's photos and how many they may have. */
export const ownPhotosResponse = z.object({
  photos: z.array(ownPhoto),
  max_photos: z.number().int(),
  /** Whether an active main photo exists (the profile photo alert shows when not). */
  has_main_image: z.boolean(),
});
export type OwnPhotosResponse = z.infer<typeof ownPhotosResponse>;

/** POST /api/photo.php (multipart, field `photo`): the stored photo, under inspection. */
export const photoUploadResponse = z.object({ photo: ownPhoto });
export type PhotoUploadResponse = z.infer<typeof photoUploadResponse>;

/** PUT /api/photo.php: make a photo the main photo. */
export const photoMainRequest = z.object({
  photo: dbIdNumber,
  main: z.literal(true),
});
export type PhotoMainRequest = z.infer<typeof photoMainRequest>;

/** DELETE /api/photo.php: delete a photo (the web asks for confirmation first). */
export const photoDeleteRequest = z.object({ photo: dbIdNumber });
export type PhotoDeleteRequest = z.infer<typeof photoDeleteRequest>;

// ---------------------------------------------------------------- moderation (staff)

export const moderationQuery = z.object({ status: photoStatus.optional() });

export const moderationPhoto = z.object({
  id: z.number().int(),
  status: photoStatus,
  profile: z.object({ id: z.number().int(), name: z.string() }),
  thumb_url: z.string(),
  full_url: z.string(),
  created_at: z.string(),
  rejected_reason: z.string().nullable(),
});
export const moderationListResponse = z.object({ photos: z.array(moderationPhoto) });
export type ModerationListResponse = z.infer<typeof moderationListResponse>;

/**
 * POST /api/photo-moderation.php: approve (active) or reject; a rejection needs a reason, which
 * the member is shown.
 */
export const moderationRequest = z
  .object({
    photo: dbIdNumber,
    action: z.enum(['approve', 'reject']),
    reason: z.string().trim().min(1).max(PHOTO_REJECT_REASON_MAX).optional(),
  })
  .refine((input) => input.action === 'approve' || !!input.reason, {
    path: ['reason'],
    message: 'required',
  });
export type ModerationRequest = z.infer<typeof moderationRequest>;

export const photoIdQuery = z.object({ photo: dbId });
