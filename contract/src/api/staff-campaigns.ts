import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../constants';
import { dbId } from './fields';
import { country, text, unique } from './staff-form-fields';

/**
 * Campaigns (issue 36, point 5): a mail admins write in the console (a subject and a body per
 * language, nl always), sent by the worker to an audience under one consent (the member's
 * promotions or news switch), throttled and resumable. The body is plain text: paragraphs
 * separated by an empty line, web addresses become links, anything else (HTML included) is shown
 * as written, escaped. Routes under /api/staff/campaigns (admins).
 */

export const CAMPAIGN_CONSENTS = ['promotions', 'news'] as const;
export type CampaignConsent = (typeof CAMPAIGN_CONSENTS)[number];
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_SUBJECT_MAX = 150;
export const CAMPAIGN_BODY_MAX = 10_000;

export const CAMPAIGN_ACTIONS = [
  'campaign.create',
  'campaign.change',
  'campaign.test_send',
  'campaign.schedule',
  'campaign.cancel',
] as const;

/** One language's text of a campaign. */
export const campaignText = z.object({
  subject: text(CAMPAIGN_SUBJECT_MAX),
  body: text(CAMPAIGN_BODY_MAX),
});
export type CampaignText = z.infer<typeof campaignText>;

/** The texts per language: nl required (every member without a text of their language gets it). */
export const campaignContent = z
  .partialRecord(z.enum(SUPPORTED_LANGUAGES), campaignText)
  .refine((content) => content.nl !== undefined, {
    message: 'Een Nederlandse tekst is verplicht',
    path: ['nl'],
  });
export type CampaignContent = z.infer<typeof campaignContent>;

/** Who gets it (every filter left empty: everyone who consented). */
export const campaignAudience = z.object({
  countries: unique(country).max(50).default([]),
  languages: unique(z.enum(SUPPORTED_LANGUAGES)).default([]),
  genders: unique(z.enum(['male', 'female'])).default([]),
  /** any | premium (has paid) | free (never paid) */
  premium: z.enum(['any', 'premium', 'free']).default('any'),
  /** Seen on the site within this many days (null: any). */
  active_within_days: z.number().int().min(1).max(3650).nullable().default(null),
  /** Not seen on the site for at least this many days (null: any). */
  inactive_for_days: z.number().int().min(1).max(3650).nullable().default(null),
});
export type CampaignAudience = z.infer<typeof campaignAudience>;

/** POST /api/staff/campaigns and PUT /api/staff/campaigns/{id} (a draft only). */
export const campaignBody = z.object({
  name: text(100),
  consent: z.enum(CAMPAIGN_CONSENTS),
  content: campaignContent,
  audience: campaignAudience,
});
export type CampaignBody = z.input<typeof campaignBody>;

export const campaignIdParam = z.object({ id: dbId });

/** POST /api/staff/campaigns/{id}/schedule: when (now or later); the worker starts then. */
export const campaignScheduleBody = z.object({
  at: z.iso.datetime({ offset: true }),
});

/** POST /api/staff/campaigns/preview: one language's mail as a member would get it. */
export const campaignPreviewBody = z.object({
  language: z.enum(SUPPORTED_LANGUAGES),
  subject: text(CAMPAIGN_SUBJECT_MAX),
  body: text(CAMPAIGN_BODY_MAX),
});
export const campaignPreviewResponse = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type CampaignPreview = z.infer<typeof campaignPreviewResponse>;

/** POST /api/staff/campaigns/{id}/test: one language's mail to the admin's own address. */
export const campaignTestBody = z.object({ language: z.enum(SUPPORTED_LANGUAGES) });
export const campaignTestResponse = z.object({ to: z.string() });

export const staffCampaign = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  consent: z.enum(CAMPAIGN_CONSENTS),
  content: z.partialRecord(z.enum(SUPPORTED_LANGUAGES), campaignText),
  audience: campaignAudience,
  scheduled_at: z.string().nullable(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
  /** Members selected so far, and what became of their mails. */
  counts: z.object({
    selected: z.number(),
    queued: z.number(),
    sent: z.number(),
    skipped: z.number(),
    bounced: z.number(),
    unsubscribed: z.number(),
  }),
});
export type StaffCampaign = z.infer<typeof staffCampaign>;
export const staffCampaignResponse = z.object({ campaign: staffCampaign });
export const staffCampaignsResponse = z.object({ campaigns: z.array(staffCampaign) });
/** POST /api/staff/campaigns/audience-size: how many members the audience has now. */
export const campaignAudienceSizeBody = z.object({
  consent: z.enum(CAMPAIGN_CONSENTS),
  audience: campaignAudience,
});
export const campaignAudienceSizeResponse = z.object({ members: z.number() });
