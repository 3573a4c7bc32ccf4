import { Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error';
import { clientKey } from '../common/client-address';
import { ChallengeService } from '../challenge';
import { MailOutbox } from '../mail';
import {
  LoginThrottleService,
  type FailureOutcome,
  type LoginAttempt,
} from './login-throttle.service';
import { PasswordHasher } from './passwords';
import { TrustedDevices } from './trusted-devices.service';

/** Where a password attempt comes from. */
export interface AttemptSource {
  ip: string | undefined;
  /** The trusted-browser cookie, when the request carries one. */
  deviceToken?: string;
  /**
   * The member login's proof-of-work answer: with the option `challenge`, an attempt after
   * LOGIN_CHALLENGE_AFTER_FAILURES wrong passwords needs it (`challenge_required`).
   */
  challenge?: string;
  /** The `browser` cookie's token (the member login records it: server/src/account-links). */
  browser?: string;
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
    private readonly challenges: ChallengeService,
  ) {}

  /**
   * `account` is null for an address without a usable account: the same work is done (a dummy
   * compare, the same counters), so the answer and its timing tell nothing. Throws
   * login_blocked while blocked and on the failure that reaches a limit. A right password
   * clears the account's (or trusted browser's) count, unless `clear` is false: the staff
   * sign-in clears it only once the second factor is through too. With `challenge` (the member
   * login), an attempt after a few failures needs a solved proof-of-work challenge.
   */
  async check(
    email: string,
    account: { id: number; passwordHash: string | null } | null,
    password: string,
    source: AttemptSource,
    { clear = true, challenge = false }: { clear?: boolean; challenge?: boolean } = {},
  ): Promise<GateResult> {
    const attempt = await this.attemptOf(email, account, source);
    const blocked = await this.throttle.blockedFor(attempt);
    if (blocked !== null) throw new AppError('login_blocked', { minutes: blocked });
    // after a few wrong passwords, each further try costs the client a proof of work
    if (challenge && (await this.throttle.needsChallenge(attempt))) {
      await this.challenges.require(source.challenge);
    }

    const verified = await this.hasher.verify(password, account?.passwordHash ?? null);
    if (!verified.ok) {
      const outcome = await this.failed(attempt, account);
      if (outcome.blockedMinutes !== null) {
        throw new AppError('login_blocked', { minutes: outcome.blockedMinutes });
      }
      return { ok: false };
    }
    if (clear) await this.throttle.clear(attempt);
    return { ok: true, deviceId: attempt.deviceId, upgraded: verified.upgraded };
  }

  /**
   * A wrong second factor (the staff sign-in): counted like a wrong password of this browser
   * (its own count when it is trusted), and the owner mailed when it locks the account.
   */
  async recordFailure(
    email: string,
    account: { id: number },
    source: AttemptSource,
  ): Promise<FailureOutcome> {
    return this.failed(await this.attemptOf(email, account, source), account);
  }

  /** After the last step of a sign-in: the account's (or trusted browser's) count only. */
  async succeeded(email: string, account: { id: number }, source: AttemptSource): Promise<void> {
    await this.throttle.clear(await this.attemptOf(email, account, source));
  }

  private async attemptOf(
    email: string,
    account: { id: number } | null,
    source: AttemptSource,
  ): Promise<LoginAttempt> {
    const deviceId = account ? await this.devices.idFor(source.deviceToken, account.id) : null;
    return { email, client: clientKey(source.ip), deviceId };
  }

  private async failed(
    attempt: LoginAttempt,
    account: { id: number } | null,
  ): Promise<FailureOutcome> {
    const outcome = await this.throttle.recordFailure(attempt);
    if (
      account &&
      outcome.accountLockedNow &&
      (await this.throttle.firstNoticeOfLock(account.id))
    ) {
      // the owner can lift the lock for their own browser with the mailed link
      await this.outbox.send({ userId: account.id, template: 'login_unlock' });
    }
    return outcome;
  }
}
