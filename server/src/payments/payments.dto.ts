import { createZodDto } from '../common/zod-dto';
import {
  createPaymentRequest,
  directDebitCodeRequest,
  directDebitConfirmRequest,
  directDebitRequest,
  directDebitResponse,
  packagesQuery,
  packagesResponse,
  paymentMethodsQuery,
  paymentMethodsResponse,
  paymentQuery,
  paymentResponse,
  paymentWebhookRequest,
  repeatOrderRequest,
  repeatOrderResponse,
  transactionQuery,
  transactionResponse,
  transactionsQuery,
  transactionsResponse,
} from '@app/contract';

export class PackagesQueryDto extends createZodDto(packagesQuery) {}
export class PackagesResponseDto extends createZodDto(packagesResponse) {}
export class PaymentMethodsQueryDto extends createZodDto(paymentMethodsQuery) {}
export class PaymentMethodsResponseDto extends createZodDto(paymentMethodsResponse) {}
export class CreatePaymentBody extends createZodDto(createPaymentRequest) {}
export class PaymentQueryDto extends createZodDto(paymentQuery) {}
export class PaymentResponseDto extends createZodDto(paymentResponse) {}
export class PaymentWebhookBody extends createZodDto(paymentWebhookRequest) {}
export class RepeatOrderResponseDto extends createZodDto(repeatOrderResponse) {}
export class RepeatOrderBody extends createZodDto(repeatOrderRequest) {}
export class DirectDebitBody extends createZodDto(directDebitRequest) {}
export class DirectDebitResponseDto extends createZodDto(directDebitResponse) {}
export class DirectDebitCodeBody extends createZodDto(directDebitCodeRequest) {}
export class DirectDebitConfirmBody extends createZodDto(directDebitConfirmRequest) {}
export class TransactionsQueryDto extends createZodDto(transactionsQuery) {}
export class TransactionsResponseDto extends createZodDto(transactionsResponse) {}
export class TransactionQueryDto extends createZodDto(transactionQuery) {}
export class TransactionResponseDto extends createZodDto(transactionResponse) {}
