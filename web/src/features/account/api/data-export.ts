import type { DataExportRequest, DataExportResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';

/**
 * POST /api/data-export.php (logged in, with the current password): queues a ZIP of all the
 * member's data; a mail with a single-use download link follows. 400 wrong_password,
 * 429 rate_limited (a few a day) or login_blocked.
 */
export function requestDataExport(body: DataExportRequest): Promise<DataExportResponse> {
  return apiRequest<DataExportResponse>('data-export', { method: 'POST', body });
}
