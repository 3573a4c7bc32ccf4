import { Body, Controller, Get, Header, Inject, Param, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../../config/config';
import { AppError } from '../../../common/app-error';
import { AllowExternalCaller } from '../../../common/request-type.guard';
import { renderSandboxCheckout } from './sandbox-page';
import { SandboxProvider, type SandboxOutcome } from './sandbox.provider';

const OUTCOMES: readonly string[] = ['paid', 'failed', 'canceled', 'expired', 'open'];
const REF = /^sbx_tr_[0-9a-f]{24}$/;

/**
 * The sandbox provider's hosted checkout page: what Mollie's checkout is for a real payment.
 * The payer chooses paid, failed, cancelled, expired or leaves it open; a paid payment can be
 * refunded or charged back here (a PSP's dashboard), and a refund made can fail or be cancelled
 * later (as a Mollie refund can). Each change calls our webhook first, as a
 * PSP would, then sends the payer back. A plain form page (no script), served only while the
 * sandbox is the provider; the payment's random reference is the key to it.
 */
@ApiExcludeController()
@Controller('sandbox/checkout')
export class SandboxCheckoutController {
  constructor(
    private readonly sandbox: SandboxProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async payment(ref: string) {
    const row =
      this.config.PAYMENT_PROVIDER === 'sandbox' && REF.test(ref)
        ? await this.sandbox.find(ref)
        : null;
    if (!row) throw new AppError('not_found');
    return row;
  }

  @Get(':ref')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async page(@Param('ref') ref: string): Promise<string> {
    return renderSandboxCheckout(await this.payment(ref));
  }

  @Post(':ref')
  @AllowExternalCaller()
  async act(
    @Param('ref') ref: string,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const row = await this.payment(ref);
    const action = typeof body?.action === 'string' ? body.action : '';
    const back = `/sandbox/checkout/${row.ref}`;
    if (action === 'refund' || action === 'chargeback') {
      const cents = Number(body.amount_cents);
      await this.sandbox.reverse(
        row.ref,
        action,
        Number.isSafeInteger(cents) && cents > 0 ? cents : undefined,
      );
      res.redirect(303, back);
      return;
    }
    if (action === 'refund_failed' || action === 'refund_canceled') {
      await this.sandbox.failRefund(
        row.ref,
        action === 'refund_failed' ? 'failed' : 'canceled',
        typeof body.refund === 'string' && body.refund ? body.refund : undefined,
      );
      res.redirect(303, back);
      return;
    }
    const paidDeclining = action === 'paid_declines_later';
    if (!paidDeclining && !OUTCOMES.includes(action)) throw new AppError('validation_failed');
    const outcome = (paidDeclining ? 'paid' : action) as SandboxOutcome;
    const decided = await this.sandbox.decide(row.ref, outcome, {
      bank: typeof body.bank === 'string' ? body.bank : undefined,
      cardCountry: typeof body.card_country === 'string' ? body.card_country : undefined,
      instrument: typeof body.instrument === 'string' ? body.instrument : undefined,
      declinesLater: paidDeclining,
    });
    res.redirect(303, decided?.redirectUrl ?? back);
  }
}
