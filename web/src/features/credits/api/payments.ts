/**
 * The credits feature's calls (contract api/payments.ts): packages, the welcome code, the
 * methods offered, starting a payment, the return check, repeat orders, direct debit and the
 * transactions. The three calls that charge (payment.php, repeat-order.php,
 * directdebit-confirm.php) take the caller's Idempotency-Key: the pages keep one per intended
 * order until it succeeds (`useKeyedCall`), so a press after a lost answer charges once.
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
import { ApiError, apiRequest } from '../../../api/client';

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

/** POST /api/payment.php with the order's key (one key, one payment however often sent). */
export function createPayment(body: CreatePaymentRequest, key: string): Promise<PaymentResponse> {
  return apiRequest<PaymentResponse>('payment', { method: 'POST', body, idempotencyKey: key });
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

/** POST /api/repeat-order.php with the order's key: charged on the mandate at once. */
export function repeatOrder(body: RepeatOrderRequest, key: string): Promise<PaymentResponse> {
  return apiRequest<PaymentResponse>('repeat-order', {
    method: 'POST',
    body,
    idempotencyKey: key,
  });
}

export function startDirectDebit(body: DirectDebitRequest): Promise<DirectDebitResponse> {
  return apiRequest<DirectDebitResponse>('directdebit', { method: 'POST', body });
}

export function resendDirectDebitCode(mandate: number): Promise<DirectDebitResponse> {
  return apiRequest<DirectDebitResponse>('directdebit-code', { method: 'POST', body: { mandate } });
}

/** POST /api/directdebit-confirm.php with the confirmation's key: debits the package. */
export function confirmDirectDebit(
  body: DirectDebitConfirmRequest,
  key: string,
): Promise<PaymentResponse> {
  return apiRequest<PaymentResponse>('directdebit-confirm', {
    method: 'POST',
    body,
    idempotencyKey: key,
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
