/** The payments feature's public API. */
export { PaymentsModule } from './payments.module';
export { PricingService } from './pricing.service';
export {
  CONSOLE_PAYMENT,
  ConsoleRefunds,
  presentConsolePayment,
  type ConsolePayment,
} from './console-refunds.service';
