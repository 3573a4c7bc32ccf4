/**
 * Complaints (SPEC: /complaints and the report button on profiles). A complaint is sent with an
 * Idempotency-Key, so a retry after a lost answer files it once.
 */
import type { ComplaintRequest, ComplaintResponse } from '@app/contract';
import { apiRequest, newIdempotencyKey } from '../../../api/client';

/**
 * POST /api/complaint.php. 400 complaint_contact_required (visitors: name, email),
 * complaint_target_required (member, photo, message_id), invalid_email; 404 not_found for a
 * member, photo or message the sender cannot see; 429 rate_limited.
 */
export function sendComplaint(body: ComplaintRequest): Promise<ComplaintResponse> {
  return apiRequest<ComplaintResponse>('complaint', {
    method: 'POST',
    body,
    idempotencyKey: newIdempotencyKey(),
  });
}
