/** The auth feature's public API: what other features may use. */
export { AuthModule } from './auth.module';
export { AuthGuard } from './auth.guard';
export { CurrentSession, type MemberRequest } from './current-session';
export { SessionService } from './session.service';
export { SESSION_USER_SELECT, type CurrentSessionData, type SessionUser } from './session.sql';
export { PasswordGate, type AttemptSource } from './password-gate.service';
export { LoginThrottleService } from './login-throttle.service';
export { PasswordHasher } from './passwords';
export { TrustedDevices } from './trusted-devices.service';
export {
  BROWSER_COOKIE,
  DEVICE_COOKIE,
  setBrowserCookie,
  clearSessionCookie,
  cookieOf,
  setDeviceCookie,
  setSessionCookie,
} from './cookies';
