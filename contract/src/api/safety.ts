import { z } from 'zod';
import {
  COMPLAINT_ABOUT,
  COMPLAINT_MESSAGE_MAX,
  COMPLAINT_SUBJECT_MAX,
  NAME_MAX_LENGTH,
} from '../constants';
import { dbIdNumber, emailField } from './fields';

// ---------------------------------------------------------------- blocks

/** POST /api/block.php blocks, DELETE unblocks (the web asks for confirmation of both). */
export const blockRequest = z.object({ member: dbIdNumber });
export type BlockRequest = z.infer<typeof blockRequest>;

export const blockedMember = z.object({
  id: z.number().int(),
  name: z.string(),
  blocked_at: z.string(),
});
/** GET /api/blocks.php: the members the viewer blocked, newest first. */
export const blocksResponse = z.object({ blocked: z.array(blockedMember) });
export type BlocksResponse = z.infer<typeof blocksResponse>;

// ---------------------------------------------------------------- complaints

/**
 * POST /api/complaint.php: a complaint about a member, a photo, a message or the site. Members
 * are known by their session; a visitor gives a name and an e-mail address to be answered at.
 */
export const complaintRequest = z.object({
  about: z.enum(COMPLAINT_ABOUT),
  /** The profile id complained about (about member, photo or message). */
  member: dbIdNumber.optional(),
  photo: dbIdNumber.optional(),
  message_id: dbIdNumber.optional(),
  subject: z.string().trim().min(1).max(COMPLAINT_SUBJECT_MAX),
  message: z.string().trim().min(1).max(COMPLAINT_MESSAGE_MAX),
  name: z.string().trim().max(NAME_MAX_LENGTH).optional(),
  email: emailField.optional(),
});
export type ComplaintRequest = z.infer<typeof complaintRequest>;

export const complaintResponse = z.object({ complaint: z.object({ id: z.number().int() }) });
export type ComplaintResponse = z.infer<typeof complaintResponse>;
