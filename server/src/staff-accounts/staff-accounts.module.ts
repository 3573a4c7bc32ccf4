import { Module } from '@nestjs/common';
import { AuthModule } from '../auth';
import { StaffAccountsController } from './staff-accounts.controller';
import { StaffAccounts } from './staff-accounts.service';

/** Admins manage the staff accounts (/api/staff/accounts). */
@Module({
  imports: [AuthModule],
  controllers: [StaffAccountsController],
  providers: [StaffAccounts],
})
export class StaffAccountsModule {}
