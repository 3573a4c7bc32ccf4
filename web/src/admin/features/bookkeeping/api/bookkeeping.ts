/** The bookkeeping area's calls (contract api/staff-bookkeeping.ts). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { quarterOf, type BookkeepingFile, type VatReportResponse } from '@app/contract';
import { apiRequest, apiUrl } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

/** GET /api/staff/bookkeeping/vat?quarter= (admins): the preview of the quarter. */
export const vatReportQueryOptions = (quarter: string) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'bookkeeping', 'vat', quarter] as const,
    queryFn: ({ signal }) =>
      apiRequest<VatReportResponse>('staff/bookkeeping/vat', { signal, query: { quarter } }),
    placeholderData: keepPreviousData,
  });

/** A CSV file's download address (each download is audited by the server). */
export function vatCsvUrl(file: BookkeepingFile, quarter: string): string {
  return apiUrl(`staff/bookkeeping/vat-${file}.csv`, { quarter });
}

/** The quarter of today and the seven before it, newest first ("2026-Q4", "2026-Q3", ...). */
export function recentQuarters(today: Date, count = 8): string[] {
  const current = quarterOf(today.toISOString().slice(0, 10));
  let year = Number(current.slice(0, 4));
  let q = Number(current.slice(-1));
  const quarters: string[] = [];
  for (let i = 0; i < count; i++) {
    quarters.push(`${year}-Q${q}`);
    q -= 1;
    if (q === 0) {
      q = 4;
      year -= 1;
    }
  }
  return quarters;
}
