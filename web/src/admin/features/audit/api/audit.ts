/** The audit log (admins): GET /api/staff/audit with its filters, 50 a page. */
import type { AuditQuery, AuditResponse } from '@app/contract';
import { apiRequest } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

export const auditQueryKey = (filters: Omit<AuditQuery, 'before'>) =>
  [...ADMIN_KEY, 'audit', filters] as const;

export function fetchAudit(query: AuditQuery, signal?: AbortSignal): Promise<AuditResponse> {
  return apiRequest<AuditResponse>('staff/audit', { signal, query: { ...query } });
}
