/** The accounts feature's public API. */
export { AccountsModule } from './accounts.module';
export { normalizeEmail } from './email';
