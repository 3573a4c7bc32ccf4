/** The payments feature's public API. */
export { PaymentsModule } from './payments.module';
export { PricingService } from './pricing.service';
