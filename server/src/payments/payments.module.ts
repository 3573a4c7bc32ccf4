import { Module, type Provider } from '@nestjs/common';
import { AccountLinksModule } from '../account-links';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { CreditsModule } from '../credits';
import { DiscountsModule } from '../discounts';
import { TrafficModule } from '../traffic';
import { MemberAccessModule } from '../member-access';
import { SettingsModule } from '../settings';
import { BookkeepingController } from './bookkeeping.controller';
import { CheckoutService } from './checkout.service';
import { ConsoleRefunds } from './console-refunds.service';
import { DirectDebitLimits } from './direct-debit-limits';
import { DirectDebitService } from './direct-debit.service';
import { MethodsService } from './methods.service';
import { Payers } from './payers';
import { PaymentRecorder } from './payment-recorder';
import { PaymentSubmitter } from './payment-submitter';
import { PackagesAdminController } from './packages-admin.controller';
import { PackagesAdmin } from './packages-admin.service';
import { PaymentsController } from './payments.controller';
import { PaymentsPurge } from './payments.purge';
import { PaymentsExport } from './payments.export';
import { PendingPaymentsTask } from './pending-payments.task';
import { PricingService } from './pricing.service';
import { MollieProvider } from './providers/mollie/mollie.provider';
import { PAYMENT_PROVIDER } from './providers/payment-provider';
import { SandboxCheckoutController } from './providers/sandbox/sandbox-checkout.controller';
import { SandboxProvider } from './providers/sandbox/sandbox.provider';
import { SettlementService } from './settlement.service';
import { TransactionsService } from './transactions.service';
import { VatExport } from './vat-export.service';

/** The configured provider: the sandbox (default) or Mollie (PAYMENT_PROVIDER=mollie). */
const provider: Provider = {
  provide: PAYMENT_PROVIDER,
  inject: [APP_CONFIG, SandboxProvider],
  useFactory: (config: AppConfig, sandbox: SandboxProvider) =>
    config.PAYMENT_PROVIDER === 'mollie' ? new MollieProvider(config) : sandbox,
};

@Module({
  imports: [
    CreditsModule,
    DiscountsModule,
    SettingsModule,
    MemberAccessModule,
    AccountLinksModule,
    TrafficModule,
  ],
  controllers: [
    PaymentsController,
    SandboxCheckoutController,
    PackagesAdminController,
    BookkeepingController,
  ],
  providers: [
    SandboxProvider,
    provider,
    PricingService,
    MethodsService,
    Payers,
    PaymentRecorder,
    PaymentSubmitter,
    CheckoutService,
    SettlementService,
    TransactionsService,
    DirectDebitLimits,
    DirectDebitService,
    PaymentsPurge,
    PaymentsExport,
    PendingPaymentsTask,
    PackagesAdmin,
    ConsoleRefunds,
    VatExport,
  ],
  // the packages a visitor sees, for the public pages the server renders (site-pages); the
  // console's refunds (staff-members)
  exports: [PricingService, ConsoleRefunds],
})
export class PaymentsModule {}
