import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { ChallengeModule } from '../challenge';
import { MailModule } from '../mail';
import { AuthGuard } from './auth.guard';
import { ReadYourWritesMiddleware } from '../prisma/read-pool';
import { CurrentSessionMiddleware } from './current-session';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordGate } from './password-gate.service';
import { PasswordHasher } from './passwords';
import { SessionService } from './session.service';
import { TrustedDevices } from './trusted-devices.service';
import { ExpiredSessionsTask } from './expired-sessions.task';
import { AuthPurge } from './auth.purge';
import { AuthExport } from './auth.export';
import { MemberSessions } from './member-sessions.service';
import { SessionsController } from './sessions.controller';

/**
 * Who is asking: sessions (cookie, middleware, guards, `resolveSession` for any transport),
 * passwords (hashing, the login lockout, trusted browsers, the one password check), and the
 * member's own sessions list (GET /api/sessions.php, log out one or everywhere).
 */
/** What other features may use. */
const EXPORTED = [
  SessionService,
  PasswordHasher,
  LoginThrottleService,
  TrustedDevices,
  PasswordGate,
  AuthGuard,
];

@Module({
  imports: [MailModule, ChallengeModule],
  controllers: [SessionsController],
  // the hourly task and the purge step are found by their registries, not used by name
  providers: [...EXPORTED, MemberSessions, ExpiredSessionsTask, AuthPurge, AuthExport],
  exports: EXPORTED,
})
export class AuthModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    // a member's write request sends their next reads to the primary (prisma/read-pool.ts)
    consumer.apply(CurrentSessionMiddleware, ReadYourWritesMiddleware).forRoutes('*');
  }
}
