import { Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error';
import { clientKey } from '../common/client-address';
import { MailOutbox } from '../mail';
import { LoginThrottleService, type LoginAttempt } from './login-throttle.service';
import { PasswordHasher } from './passwords';
import { TrustedDevices } from './trusted-devices.service';

/** Where a password attempt comes from. */
export interface AttemptSource {
  ip: string | undefined;
  /** The trusted-browser cookie, when the request carries one. */
  deviceToken?: string;
}

export type GateResult =
  { ok: true; deviceId: string | null; upgraded: string | null } | { ok: false };

/**
 * Every check of a member's password goes through here: logins, and the current password asked
 * before a password change, an e-mail change and a deletion. All of them count against the same
 * lockout, so a stolen session cannot guess the password faster than a login could.
 */
@Injectable()
export class PasswordGate {
  constructor(
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottleService,
    private readonly devices: TrustedDevices,
    private readonly outbox: MailOutbox,
  ) {}

  /**
   * `account` is null for an address without a usable account: the same work is done (a dummy
   * compare, the same counters), so the answer and its timing tell nothing. Throws
   * login_blocked while blocked and on the failure that reaches a limit.
   */
  async check(
    email: string,
    account: { id: number; passwordHash: string | null } | null,
    password: string,
    source: AttemptSource,
  ): Promise<GateResult> {
    const deviceId = account ? await this.devices.idFor(source.deviceToken, account.id) : null;
    const attempt: LoginAttempt = { email, client: clientKey(source.ip), deviceId };
    const blocked = await this.throttle.blockedFor(attempt);
    if (blocked !== null) throw new AppError('login_blocked', { minutes: blocked });

    const verified = await this.hasher.verify(password, account?.passwordHash ?? null);
    if (!verified.ok) {
      const outcome = await this.throttle.recordFailure(attempt);
      if (
        account &&
        outcome.accountLockedNow &&
        (await this.throttle.firstNoticeOfLock(account.id))
      ) {
        // the owner can lift the lock for their own browser with the mailed link
        await this.outbox.send({ userId: account.id, template: 'login_unlock' });
      }
      if (outcome.blockedMinutes !== null) {
        throw new AppError('login_blocked', { minutes: outcome.blockedMinutes });
      }
      return { ok: false };
    }
    await this.throttle.clear(attempt);
    return { ok: true, deviceId, upgraded: verified.upgraded };
  }
}
