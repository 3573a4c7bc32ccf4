/**
 * The verification desk's calls (/api/staff/verification/...): the claim, the decision and the
 * withdrawal of a badge.
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  VerificationDecisionRequest,
  VerificationDecisionResponse,
  VerificationNextResponse,
  VerificationWithdrawRequest,
  VerificationWithdrawResponse,
} from '@app/contract';
import { apiRequest } from '../../../../api/client';
import { ADMIN_KEY } from '../../../shared/api';

/**
 * Under ['admin', 'verification']: the console's socket reloads it when the queue changes. The
 * claim is a POST (it holds the selfie for the caller); asked again it returns the caller's own.
 */
export const verificationClaimQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'verification', 'claim'] as const,
    queryFn: () =>
      apiRequest<VerificationNextResponse>('staff/verification/next', {
        method: 'POST',
        body: { exclude: [] },
      }),
    refetchOnWindowFocus: false,
  });

export function decideVerification(
  id: number,
  body: VerificationDecisionRequest,
): Promise<VerificationDecisionResponse> {
  return apiRequest<VerificationDecisionResponse>(`staff/verification/${id}/decision`, {
    method: 'POST',
    body,
  });
}

export function withdrawBadge(
  body: VerificationWithdrawRequest,
): Promise<VerificationWithdrawResponse> {
  return apiRequest<VerificationWithdrawResponse>('staff/verification/withdraw', {
    method: 'POST',
    body,
  });
}
