import { Body, Controller, Get, HttpStatus, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentSession, type CurrentSessionData, type MemberRequest } from '../auth';
import { OkResponseDto, Returns } from '../common/responses';
import { RateLimit } from '../common/rate-limit.guard';
import { AllowExternalCaller } from '../common/request-type.guard';
import { IdempotencyKey, PaidCall } from '../idempotency';
import { CheckoutService } from './checkout.service';
import { DirectDebitService } from './direct-debit.service';
import {
  CreatePaymentBody,
  DirectDebitBody,
  DirectDebitCodeBody,
  DirectDebitConfirmBody,
  DirectDebitResponseDto,
  PackagesQueryDto,
  PackagesResponseDto,
  PaymentMethodsQueryDto,
  PaymentMethodsResponseDto,
  PaymentQueryDto,
  PaymentResponseDto,
  PaymentWebhookBody,
  RepeatOrderBody,
  RepeatOrderResponseDto,
  TransactionQueryDto,
  TransactionResponseDto,
  TransactionsQueryDto,
  TransactionsResponseDto,
} from './payments.dto';
import { PricingService } from './pricing.service';
import { SettlementService } from './settlement.service';
import { TransactionsService } from './transactions.service';

@ApiTags('payments')
@Controller('api')
export class PaymentsController {
  constructor(
    private readonly pricing: PricingService,
    private readonly checkout: CheckoutService,
    private readonly settlement: SettlementService,
    private readonly transactions: TransactionsService,
    private readonly directDebit: DirectDebitService,
  ) {}

  @Get('packages.php')
  @Returns(PackagesResponseDto)
  @ApiOperation({
    summary:
      'Credit packages in the currency of the member’s country (visitors: `country`, else the ' +
      'site’s), with price per credit and the best-value mark',
  })
  packages(@Req() req: MemberRequest, @Query() query: PackagesQueryDto) {
    return this.pricing.packagesFor(req.session?.userId, query.country);
  }

  @Get('payment-methods.php')
  @UseGuards(AuthGuard)
  @Returns(PaymentMethodsResponseDto)
  @ApiOperation({
    summary:
      'The payment method blocks offered for a package in the member’s country (what the ' +
      'provider has active for the amount), after the discount of `code`',
  })
  methods(@CurrentSession() session: CurrentSessionData, @Query() query: PaymentMethodsQueryDto) {
    return this.checkout.offer(session.userId, query);
  }

  @Post('payment.php')
  @PaidCall({ limit: 'payments' })
  @Returns(PaymentResponseDto, HttpStatus.CREATED)
  @ApiOperation({
    summary:
      'Starts a payment of a package by a method (optional discount code, `remember` stores ' +
      'the method for repeat orders); answers the payment with the provider’s checkout URL',
  })
  create(
    @CurrentSession() session: CurrentSessionData,
    @IdempotencyKey() key: string,
    @Body() body: CreatePaymentBody,
  ) {
    return this.checkout.create(session.userId, key, body);
  }

  @Get('payment.php')
  @UseGuards(AuthGuard)
  @Returns(PaymentResponseDto)
  @ApiOperation({
    summary: 'The member’s payment; a pending one is read from the provider first (return check)',
  })
  payment(@CurrentSession() session: CurrentSessionData, @Query() query: PaymentQueryDto) {
    return this.transactions.payment(session.userId, query.payment_id);
  }

  @Post('payment-webhook.php')
  @AllowExternalCaller()
  @RateLimit('payment_webhooks')
  @Returns(OkResponseDto)
  @ApiOperation({
    summary:
      'The payment provider’s webhook (form field `id`): the payment is read from the ' +
      'provider, never from this call; an unknown id is answered 200. A payment is read at ' +
      'most every 2 s for webhook calls: a call within that time is answered 429 with ' +
      'Retry-After, and the provider calls again',
  })
  async webhook(@Body() body: PaymentWebhookBody) {
    await this.settlement.webhook(body.id);
    return { ok: true as const };
  }

  @Get('repeat-order.php')
  @UseGuards(AuthGuard)
  @Returns(RepeatOrderResponseDto)
  @ApiOperation({ summary: 'The last package bought and the stored methods to buy it again on' })
  repeatOrder(@CurrentSession() session: CurrentSessionData) {
    return this.checkout.repeatOrder(session.userId);
  }

  @Post('repeat-order.php')
  @PaidCall({ limit: 'payments' })
  @Returns(PaymentResponseDto, HttpStatus.CREATED)
  @ApiOperation({ summary: 'Buys the last package again, charged on a stored mandate' })
  repeat(
    @CurrentSession() session: CurrentSessionData,
    @IdempotencyKey() key: string,
    @Body() body: RepeatOrderBody,
  ) {
    return this.checkout.repeat(session.userId, key, body);
  }

  @Post('directdebit.php')
  @UseGuards(AuthGuard)
  @RateLimit('direct_debit')
  @Returns(DirectDebitResponseDto, HttpStatus.CREATED)
  @ApiOperation({
    summary:
      'The direct debit form: checks IBAN, address, phone (a mobile number of NL, BE, DE, AT, ' +
      'FR, IT, ES or IE: phone_unsupported), consent, blocks and limits, and the SMS limits ' +
      '(per member and per number), then writes the form and texts a code to the phone',
  })
  startDirectDebit(@CurrentSession() session: CurrentSessionData, @Body() body: DirectDebitBody) {
    return this.directDebit.start(session.userId, body);
  }

  @Post('directdebit-code.php')
  @UseGuards(AuthGuard)
  @RateLimit('direct_debit')
  @Returns(DirectDebitResponseDto, HttpStatus.CREATED)
  @ApiOperation({ summary: 'Texts a new code for a direct debit form' })
  resendCode(@CurrentSession() session: CurrentSessionData, @Body() body: DirectDebitCodeBody) {
    return this.directDebit.resend(session.userId, body.mandate);
  }

  @Post('directdebit-confirm.php')
  @PaidCall({ limit: 'payments' })
  @Returns(PaymentResponseDto, HttpStatus.CREATED)
  @ApiOperation({
    summary:
      'The SMS code of a direct debit form (otp_invalid: Code ongeldig); then the mandate is ' +
      'stored and the package debited (pending until the bank collects)',
  })
  confirmDirectDebit(
    @CurrentSession() session: CurrentSessionData,
    @IdempotencyKey() key: string,
    @Body() body: DirectDebitConfirmBody,
  ) {
    return this.directDebit.confirm(session.userId, key, body);
  }

  @Get('transactions.php')
  @UseGuards(AuthGuard)
  @Returns(TransactionsResponseDto)
  @ApiOperation({ summary: 'The member’s payments, newest first, a page at a time' })
  list(@CurrentSession() session: CurrentSessionData, @Query() query: TransactionsQueryDto) {
    return this.transactions.list(session.userId, query.before);
  }

  @Get('transaction.php')
  @UseGuards(AuthGuard)
  @Returns(TransactionResponseDto)
  @ApiOperation({ summary: 'One payment of the member and, once paid, its invoice' })
  transaction(@CurrentSession() session: CurrentSessionData, @Query() query: TransactionQueryDto) {
    return this.transactions.transaction(session.userId, query.payment_id);
  }
}
