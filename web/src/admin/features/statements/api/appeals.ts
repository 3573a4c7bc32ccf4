/** The appeals area's calls (contract api/statements.ts). */
import type { AppealDecisionRequest, StaffAppeal, StaffAppealsResponse } from '@app/contract';
import { apiRequest, apiUrl } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

export const appealsKey = [...ADMIN_KEY, 'complaints', 'appeals'] as const;

export function fetchAppeals(open: boolean, signal?: AbortSignal) {
  return apiRequest<StaffAppealsResponse>('staff/appeals', {
    signal,
    query: { open: String(open) },
  });
}

export function decideAppeal(id: number, body: AppealDecisionRequest) {
  return apiRequest<{ appeal: StaffAppeal }>(`staff/appeals/${id}/decide`, {
    method: 'POST',
    body,
  });
}

/** The transparency report's download address (admins). */
export function transparencyUrl(from: string, to: string): string {
  return apiUrl('staff/transparency.csv', { from, to });
}
