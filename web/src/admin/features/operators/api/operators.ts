/** The admins' review of the operators: figures per operator, and one operator's sample. */
import { queryOptions } from '@tanstack/react-query';
import {
  OPERATOR_REVIEW_RANGES,
  type OperatorReviewResponse,
  type OperatorsResponse,
} from '@app/contract';
import { apiRequest } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

export type ReviewRange = (typeof OPERATOR_REVIEW_RANGES)[number];
export const DEFAULT_REVIEW_RANGE: ReviewRange = 7;

/** The period of the address's `days`, else the default (7 days). */
export function reviewRangeOf(value: string | null): ReviewRange {
  return OPERATOR_REVIEW_RANGES.find((range) => String(range) === value) ?? DEFAULT_REVIEW_RANGE;
}

const operatorsKey = [...ADMIN_KEY, 'operators'] as const;

export const operatorsQueryOptions = (days: ReviewRange) =>
  queryOptions({
    queryKey: [...operatorsKey, days],
    queryFn: ({ signal }) =>
      apiRequest<OperatorsResponse>('staff/operators', { signal, query: { days } }),
  });

/** One operator's figures and a random sample (each read draws a new sample; audited). */
export const operatorReviewQueryOptions = (id: number, days: ReviewRange) =>
  queryOptions({
    queryKey: [...operatorsKey, id, days],
    queryFn: ({ signal }) =>
      apiRequest<OperatorReviewResponse>(`staff/operators/${id}`, { signal, query: { days } }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
