import { Module } from '@nestjs/common';
import { TrafficModule } from '../traffic';
import { SettingsModule } from '../settings';
import { MailModule } from '../mail';
import { AuthModule } from '../auth';
import { CreditsModule } from '../credits';
import { ChatsModule } from '../chats';
import { VisitorCountryModule } from '../visitor-country';
import { ConsentsModule } from '../consents';
import { ChallengeModule } from '../challenge';
import { AccountLinksModule } from '../account-links';
import { SignupService } from './signup.service';
import { CredentialsService } from './credentials.service';
import { CredentialsController } from './credentials.controller';
import { AccountsService } from './accounts.service';
import { UserController } from './user.controller';
import { AccountPurge } from './account.purge';
import { AccountExport } from './account.export';
import { InvitesAdminController } from './invites-admin.controller';
import { InvitesAdmin } from './invites-admin.service';

/** Signup, activation, login, password and e-mail changes: the member's account itself. */
@Module({
  imports: [
    SettingsModule,
    TrafficModule,
    MailModule,
    AuthModule,
    CreditsModule,
    ChatsModule,
    VisitorCountryModule,
    ConsentsModule,
    ChallengeModule,
    AccountLinksModule,
  ],
  controllers: [UserController, CredentialsController, InvitesAdminController],
  providers: [
    AccountsService,
    SignupService,
    CredentialsService,
    AccountPurge,
    AccountExport,
    InvitesAdmin,
  ],
})
export class AccountsModule {}
