/** The discount codes feature's public API: lookup, the checks of a payment, the claim. */
export { DiscountsModule } from './discounts.module';
export { DiscountsService, type AppliedDiscount } from './discounts.service';
