import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { MailModule } from '../mail/mail.module';
import { LoginThrottleService } from './login-throttle.service';
import { SignupService } from './signup.service';
import { CredentialsService } from './credentials.service';
import { CredentialsController } from './credentials.controller';
import { CurrentSessionMiddleware } from './current-user';
import { SessionService } from './session.service';
import { AccountsService } from './accounts.service';
import { UserController } from './user.controller';
import { PasswordHasher } from './passwords';
import { PasswordGate } from './password-gate.service';
import { TrustedDevices } from './trusted-devices.service';

@Module({
  imports: [SettingsModule, MailModule],
  controllers: [UserController, CredentialsController],
  providers: [
    SessionService,
    AccountsService,
    LoginThrottleService,
    SignupService,
    CredentialsService,
    PasswordHasher,
    PasswordGate,
    TrustedDevices,
  ],
  exports: [SessionService, PasswordGate, TrustedDevices],
})
export class AccountsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CurrentSessionMiddleware).forRoutes('*');
  }
}
