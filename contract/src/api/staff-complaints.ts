import { z } from 'zod';
import { COMPLAINT_ABOUT } from '../constants';
import { dbId } from './fields';
import { photoStatus } from './photos';

/** Where staff are in handling a complaint. */
export const COMPLAINT_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export const complaintStatus = z.enum(COMPLAINT_STATUSES);
export type ComplaintStatus = z.infer<typeof complaintStatus>;

/** At most this many complaints per page of GET /api/complaints.php. */
export const STAFF_COMPLAINTS_PAGE = 50;

/**
 * What was reported, as it was when the complaint was made (the member may change or delete it
 * afterwards; staff judge the snapshot).
 */
export const reportedContent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('member'),
    profile_id: z.number().int(),
    name: z.string(),
    about: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('photo'),
    profile_id: z.number().int(),
    name: z.string(),
    photo_id: z.number().int(),
    filename: z.string(),
    thumb_filename: z.string(),
    status: photoStatus,
  }),
  z.object({
    kind: z.literal('message'),
    profile_id: z.number().int(),
    name: z.string(),
    message_id: z.number().int(),
    type: z.string(),
    text: z.string().nullable(),
    image_filename: z.string().nullable(),
    sent_at: z.string(),
  }),
]);
export type ReportedContent = z.infer<typeof reportedContent>;

/** GET /api/complaints.php (staff: admin, moderator): newest first, optionally by status. */
export const staffComplaintsQuery = z.object({
  status: complaintStatus.optional(),
  /** The next page: complaints older than this id (`next_before` of the previous page). */
  before: dbId.optional(),
});
export type StaffComplaintsQuery = z.infer<typeof staffComplaintsQuery>;

export const staffComplaint = z.object({
  id: z.number().int(),
  about: z.enum(COMPLAINT_ABOUT),
  status: complaintStatus,
  created_at: z.string(),
  /** A member (id: their user id; name: their profile name) or a visitor (id null). */
  reporter: z.object({
    id: z.number().int().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** The member complained about, while their profile exists (see reported_content). */
  reported_member: z
    .object({
      user_id: z.number().int(),
      profile_id: z.number().int().nullable(),
      name: z.string().nullable(),
    })
    .nullable(),
  photo_id: z.number().int().nullable(),
  message_id: z.number().int().nullable(),
  reported_content: reportedContent.nullable(),
  subject: z.string(),
  message: z.string(),
});
export type StaffComplaint = z.infer<typeof staffComplaint>;

export const staffComplaintsResponse = z.object({
  complaints: z.array(staffComplaint),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: z.number().int().nullable(),
});
export type StaffComplaintsResponse = z.infer<typeof staffComplaintsResponse>;
