import { z } from 'zod';
import { LEGAL_DOCUMENTS } from '../legal-versions';

/** A document the member still has to accept: the version in force and the one last accepted. */
export const pendingConsent = z.object({
  document: z.enum(LEGAL_DOCUMENTS),
  version: z.string(),
  /** The version the member accepted before (null: none on record). */
  accepted_version: z.string().nullable(),
});
export type PendingConsent = z.infer<typeof pendingConsent>;

/**
 * GET /api/consents.php: what the member still has to accept, and the partner-sharing opt-in
 * (`partner_sharing_offered`: the site shares profiles with partner sites, setting member_resell).
 */
export const consentsResponse = z.object({
  pending: z.array(pendingConsent),
  partner_sharing: z.boolean(),
  partner_sharing_offered: z.boolean(),
});
export type ConsentsResponse = z.infer<typeof consentsResponse>;

/**
 * POST /api/consents.php: the member accepts these versions (each must be the one in force:
 * `consent_version_outdated` otherwise, when a newer one came out while the page was open).
 */
export const acceptConsentsRequest = z.object({
  accept: z
    .array(z.object({ document: z.enum(LEGAL_DOCUMENTS), version: z.string().min(1).max(20) }))
    .min(1)
    .max(LEGAL_DOCUMENTS.length),
});
export type AcceptConsentsRequest = z.infer<typeof acceptConsentsRequest>;

/** PUT /api/partner-sharing.php: gives (true) or revokes (false) the partner-sharing opt-in. */
export const partnerSharingRequest = z.object({ enabled: z.boolean() });
export type PartnerSharingRequest = z.infer<typeof partnerSharingRequest>;
