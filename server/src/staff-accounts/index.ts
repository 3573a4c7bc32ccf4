/** Staff accounts, managed by admins. */
export { StaffAccountsModule } from './staff-accounts.module';
