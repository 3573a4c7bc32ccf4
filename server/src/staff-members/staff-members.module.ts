import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits';
import { DeletionModule } from '../deletion';
import { MemberAccessModule } from '../member-access';
import { PaymentsModule } from '../payments';
import { AccountLinksModule } from '../account-links';
import { AccountActions } from './account-actions';
import { CreditAdjustments } from './credit-adjustments';
import { StaffMembersController } from './staff-members.controller';
import { StaffMembers } from './staff-members.service';

/** The console's members area (admins): search, a member's page, and actions on the account. */
@Module({
  imports: [CreditsModule, DeletionModule, MemberAccessModule, PaymentsModule, AccountLinksModule],
  controllers: [StaffMembersController],
  providers: [StaffMembers, CreditAdjustments, AccountActions],
})
export class StaffMembersModule {}
