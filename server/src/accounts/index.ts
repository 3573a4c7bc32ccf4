/** The accounts feature's public API. */
export { AccountsModule } from './accounts.module';
