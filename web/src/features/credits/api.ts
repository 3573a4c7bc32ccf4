/**
 * The credits feature's calls (contract api/payments.ts): packages, the welcome code, the
 * methods offered, starting a payment (with an Idempotency-Key, so the client may retry it),
 * the return check, repeat orders, direct debit and the transactions.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CreatePaymentRequest,
  DirectDebitConfirmRequest,
  DirectDebitRequest,
  DirectDebitResponse,
  DiscountCodeResponse,
  PackagesResponse,
  PaymentMethodsResponse,
  PaymentResponse,
  RepeatOrderRequest,
  RepeatOrderResponse,
  TransactionResponse,
  TransactionsResponse,
} from '@app/contract';
import { ApiError, apiRequest } from '../../api/client';

export const packagesQueryOptions = (country?: string) =>
  queryOptions({
    queryKey: ['packages', country ?? null] as const,
    queryFn: ({ signal }) =>
      apiRequest<PackagesResponse>('packages', { signal, query: { country } }),
    staleTime: 60_000,
    meta: { progress: true },
  });

export function usePackages(country?: string) {
  return useQuery(packagesQueryOptions(country));
}

/** A discount code the member typed (404 discount_not_found, 409 discount_used). */
export function lookupDiscountCode(code: string): Promise<DiscountCodeResponse> {
  return apiRequest<DiscountCodeResponse>('discountcode', { query: { code } });
}

/**
 * The welcome code while the time bonus runs; null when there is none. Any failure is
 * swallowed (SPEC point 7: "failure silently ignored").
 */
export async function fetchWelcomeCode(): Promise<DiscountCodeResponse['discountcode'] | null> {
  try {
    const answer = await apiRequest<DiscountCodeResponse>('discountcode', {
      query: { welcome: 'true' },
    });
    return answer.discountcode;
  } catch {
    return null;
  }
}

export const methodsQueryOptions = (packageId: number, code: string | null) =>
  queryOptions({
    queryKey: ['payment-methods', packageId, code] as const,
    queryFn: ({ signal }) =>
      apiRequest<PaymentMethodsResponse>('payment-methods', {
        signal,
        query: { package: packageId, code: code ?? undefined },
      }),
    staleTime: 60_000,
    retry: false,
  });

export function usePaymentMethods(packageId: number, code: string | null) {
  return useQuery({ ...methodsQueryOptions(packageId, code), enabled: packageId > 0 });
}

/** POST /api/payment.php: one key for this action, the same on every retry (one payment). */
export function createPayment(body: CreatePaymentRequest): Promise<PaymentResponse> {
  return apiRequest<PaymentResponse>('payment', { method: 'POST', body, idempotent: true });
}

export const paymentQueryKey = (paymentId: string) => ['payment', paymentId] as const;

export function getPayment(paymentId: string, signal?: AbortSignal): Promise<PaymentResponse> {
  return apiRequest<PaymentResponse>('payment', { signal, query: { payment_id: paymentId } });
}

export const repeatOrderQueryOptions = () =>
  queryOptions({
    queryKey: ['repeat-order'] as const,
    queryFn: ({ signal }) => apiRequest<RepeatOrderResponse>('repeat-order', { signal }),
    staleTime: 0,
    meta: { progress: true },
  });

export function repeatOrder(body: RepeatOrderRequest): Promise<PaymentResponse> {
  return apiRequest<PaymentResponse>('repeat-order', { method: 'POST', body, idempotent: true });
}

export function startDirectDebit(body: DirectDebitRequest): Promise<DirectDebitResponse> {
  return apiRequest<DirectDebitResponse>('directdebit', { method: 'POST', body });
}

export function resendDirectDebitCode(mandate: number): Promise<DirectDebitResponse> {
  return apiRequest<DirectDebitResponse>('directdebit-code', { method: 'POST', body: { mandate } });
}

export function confirmDirectDebit(body: DirectDebitConfirmRequest): Promise<PaymentResponse> {
  return apiRequest<PaymentResponse>('directdebit-confirm', {
    method: 'POST',
    body,
    idempotent: true,
  });
}

export const transactionsQueryOptions = () =>
  queryOptions({
    queryKey: ['transactions'] as const,
    queryFn: ({ signal }) => apiRequest<TransactionsResponse>('transactions', { signal }),
    staleTime: 0,
    meta: { progress: true },
  });

export const transactionQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: ['transaction', paymentId] as const,
    queryFn: ({ signal }) =>
      apiRequest<TransactionResponse>('transaction', { signal, query: { payment_id: paymentId } }),
    staleTime: 0,
    meta: { progress: true },
  });

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
