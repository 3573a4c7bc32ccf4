import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FiguresRange, FiguresResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';
import { ADMIN_KEY } from '../../shared/api';

/** GET /api/staff/figures?range= (admins); the figures change slowly: kept a minute. */
export const figuresQueryOptions = (range: FiguresRange) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'figures', range] as const,
    queryFn: ({ signal }) =>
      apiRequest<FiguresResponse>('staff/figures', { signal, query: { range: String(range) } }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
