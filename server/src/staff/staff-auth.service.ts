import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  STAFF_CHALLENGE_MINUTES,
  STAFF_CODE_TRIES,
  type StaffLoginResponse,
  type StaffMember,
} from '@app/contract';
import { PasswordGate, TrustedDevices, type AttemptSource } from '../auth';
import { AppError } from '../common/app-error';
import { hashToken, newToken } from '../common/tokens';
import type { Prisma, StaffRole } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { AuditLog } from './audit.service';
import { SecondFactor } from './second-factor';
import { StaffSessions, type StaffPrincipal, type StaffSource } from './staff-sessions.service';

const STAFF_ACCOUNT = {
  id: true,
  email: true,
  status: true,
  roles: true,
  passwordHash: true,
  profile: { select: { name: true } },
} satisfies Prisma.UserSelect;

export interface SignedIn {
  staff: StaffMember;
  recoveryCodes: string[] | null;
  session: { token: string; expiresAt: Date };
  /** A browser trusted now (its first completed sign-in): the `device` cookie to set. */
  device: { token: string; expiresAt: Date } | null;
}

/** Where a sign-in step comes from: the address, the browser and its trusted-browser cookie. */
export type SignInSource = StaffSource & AttemptSource;

/**
 * Staff sign-in, in two steps:
 * 1. e-mail and password (the members' lockout counts these too): a short challenge, and for an
 *    account without a second factor a new TOTP secret to enroll (QR code and the secret typed);
 * 2. the challenge and a code of the authenticator (or a recovery code): at enrollment the first
 *    code proves the app holds the secret, and the recovery codes are shown once. A challenge
 *    takes STAFF_CODE_TRIES codes and lives STAFF_CHALLENGE_MINUTES; wrong codes count in the
 *    login lockout like wrong passwords.
 * Only then a staff session begins (StaffSessions). Accounts without roles never get past the
 * password (the same answer as a wrong password).
 *
 * The lockout (security review 2026-11-28, M1): both steps pass the browser's `device` cookie,
 * so a browser in which the staff member completed a sign-in before (trusted then, like the
 * member login's browsers), or which followed the lock mail's link, counts its own failures:
 * wrong passwords typed elsewhere (on the member login too) never lock it. Other browsers share
 * the account's count and every browser its address's. A right password alone clears nothing:
 * only the completed second factor clears the count, so knowing the password does not buy
 * endless code guesses. An admin can lift an account's lock (staff-accounts).
 */

const logger = new Logger('StaffAuth');
@Injectable()
export class StaffAuth implements OnApplicationBootstrap {
  constructor(
    private readonly prisma: PrismaService,
    private readonly gate: PasswordGate,
    private readonly devices: TrustedDevices,
    private readonly factor: SecondFactor,
    private readonly sessions: StaffSessions,
    private readonly audit: AuditLog,
  ) {}

  /**
   * Seals again under STAFF_SECRET_KEY the secrets sealed under MEDIA_SECRET before it existed,
   * so that a later rotation of MEDIA_SECRET cannot lock anyone out. Each row once, whichever
   * process gets there first; a secret no key opens is left for its next sign-in to refuse.
   */
  onApplicationBootstrap(): void {
    // in the background: a process must start (and answer 503) while the database is away
    void this.sealLegacySecrets().catch((error: unknown) =>
      logger.warn(
        `Staff secrets not sealed again at start (next start or sign-in does): ${String(error)}`,
      ),
    );
  }

  private async sealLegacySecrets(): Promise<void> {
    const sealed = await this.prisma.staffSecondFactor.findMany({
      where: { NOT: { secret: { startsWith: SecondFactor.SEALED_PREFIX } } },
      select: { userId: true, secret: true },
    });
    for (const row of sealed) {
      try {
        await this.sealAgain(row.userId, row.secret, this.factor.open(row.secret));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
  }

  private async sealAgain(
    userId: number,
    sealed: string,
    opened: { secret: string; current: boolean },
  ): Promise<void> {
    if (opened.current) return;
    await this.prisma.staffSecondFactor.updateMany({
      where: { userId, secret: sealed },
      data: { secret: this.factor.seal(opened.secret) },
    });
  }

  async password(
    rawEmail: string,
    password: string,
    source: AttemptSource,
    now = new Date(),
  ): Promise<StaffLoginResponse> {
    const email = rawEmail.trim().toLowerCase();
    const found = await this.prisma.user.findUnique({ where: { email }, select: STAFF_ACCOUNT });
    const account = found && found.status === 'confirmed' && found.roles.length > 0 ? found : null;
    // the count is cleared when the second factor is through too (code)
    const checked = await this.gate.check(email, account, password, source, { clear: false });
    if (!checked.ok || !account) throw new AppError('login_failed');
    const factor = await this.prisma.staffSecondFactor.findUnique({
      where: { userId: account.id },
      select: { userId: true },
    });
    const { token, tokenHash } = newToken();
    const expiresAt = new Date(now.getTime() + STAFF_CHALLENGE_MINUTES * 60_000);
    // a new sign-in replaces the account's unfinished ones
    await this.prisma.staffLoginChallenge.deleteMany({ where: { userId: account.id } });
    if (factor) {
      await this.prisma.staffLoginChallenge.create({
        data: { tokenHash, userId: account.id, purpose: 'code', expiresAt, createdAt: now },
      });
      return { challenge: token, step: 'code', enroll: null };
    }
    const secret = this.factor.newSecret();
    await this.prisma.staffLoginChallenge.create({
      data: {
        tokenHash,
        userId: account.id,
        purpose: 'enroll',
        secret: this.factor.seal(secret),
        expiresAt,
        createdAt: now,
      },
    });
    const { uri, qrSvg } = await this.factor.enrolment(secret, email);
    return { challenge: token, step: 'enroll', enroll: { secret, uri, qr_svg: qrSvg } };
  }

  async code(
    challengeToken: string,
    code: string,
    source: SignInSource,
    now = new Date(),
  ): Promise<SignedIn> {
    // one try of the challenge, atomically: racing requests cannot try more codes than allowed
    const [challenge] = await this.prisma.staffLoginChallenge.updateManyAndReturn({
      where: {
        tokenHash: hashToken(challengeToken),
        expiresAt: { gt: now },
        attempts: { lt: STAFF_CODE_TRIES },
      },
      data: { attempts: { increment: 1 } },
    });
    if (!challenge) throw new AppError('staff_challenge_expired');
    const account = await this.prisma.user.findUniqueOrThrow({
      where: { id: challenge.userId },
      select: STAFF_ACCOUNT,
    });
    if (account.status !== 'confirmed' || account.roles.length === 0 || !account.email) {
      throw new AppError('staff_challenge_expired');
    }
    const typed = code.trim();
    const accepted =
      challenge.purpose === 'enroll'
        ? await this.enroll(challenge.userId, challenge.secret, typed, now)
        : await this.verify(challenge.userId, typed, now, { recovery: true });
    if (!accepted) {
      await this.gate.recordFailure(account.email, account, source);
      throw new AppError('staff_code_invalid');
    }
    await this.gate.succeeded(account.email, account, source);
    await this.prisma.staffLoginChallenge.deleteMany({ where: { tokenHash: challenge.tokenHash } });
    const session = await this.sessions.create(account.id, account.roles, source, now);
    // this browser completed a sign-in: from now on others' failures do not lock it
    const trusted = await this.devices.idFor(source.deviceToken, account.id, now);
    const device = trusted ? null : await this.devices.trust(account.id, this.prisma, now);
    const actor = { userId: account.id, roles: account.roles };
    await this.prisma.$transaction(async (tx) => {
      if (accepted.kind === 'enrolled') {
        await this.audit.record(
          tx,
          actor,
          { action: 'staff.second_factor_enrolled', targetUserId: account.id },
          source.ip,
        );
      }
      if (accepted.kind === 'recovery') {
        await this.audit.record(
          tx,
          actor,
          {
            action: 'staff.recovery_code_used',
            targetUserId: account.id,
            after: { left: accepted.left },
          },
          source.ip,
        );
      }
      await this.audit.record(
        tx,
        actor,
        { action: 'staff.sign_in', subjectType: 'staff_session', subjectId: session.id },
        source.ip,
      );
    });
    return {
      staff: present(account),
      recoveryCodes: accepted.kind === 'enrolled' ? accepted.codes : null,
      session,
      device,
    };
  }

  /** How many unused recovery codes the staff member has (0: the console asks for new ones). */
  recoveryCodesLeft(userId: number): Promise<number> {
    return this.prisma.staffRecoveryCode.count({ where: { userId, usedAt: null } });
  }

  /**
   * New recovery codes for a signed-in staff member, confirmed with a code of their
   * authenticator (a session left open is not enough); the old codes stop working. Audited.
   */
  async renewRecoveryCodes(
    staff: StaffPrincipal,
    code: string,
    ip: string | undefined,
    now = new Date(),
  ): Promise<string[]> {
    const accepted = await this.verify(staff.userId, code.trim(), now, { recovery: false });
    if (!accepted) throw new AppError('staff_code_invalid');
    const { codes, hashes } = this.factor.recoveryCodes();
    await this.prisma.$transaction(async (tx) => {
      await this.replaceRecoveryCodes(tx, staff.userId, hashes);
      await this.audit.record(
        tx,
        staff,
        { action: 'staff.recovery_codes_renewed', targetUserId: staff.userId },
        ip,
      );
    });
    return codes;
  }

  private async replaceRecoveryCodes(
    tx: Prisma.TransactionClient,
    userId: number,
    hashes: string[],
  ) {
    await tx.staffRecoveryCode.deleteMany({ where: { userId } });
    await tx.staffRecoveryCode.createMany({
      data: hashes.map((codeHash) => ({ userId, codeHash })),
    });
  }

  /** The first code of a new secret: it is stored, with new recovery codes. */
  private async enroll(
    userId: number,
    sealed: string | null,
    code: string,
    now: Date,
  ): Promise<{ kind: 'enrolled'; codes: string[] } | null> {
    if (!sealed) return null;
    const { secret } = this.factor.open(sealed);
    const step = await this.factor.timeStepOf(secret, code, 0);
    if (step === null) return null;
    const { codes, hashes } = this.factor.recoveryCodes();
    await this.prisma.$transaction(async (tx) => {
      // two enrollments racing: the primary key lets one in
      await tx.staffSecondFactor.create({
        data: { userId, secret: this.factor.seal(secret), lastTimeStep: step, enabledAt: now },
      });
      await this.replaceRecoveryCodes(tx, userId, hashes);
    });
    return { kind: 'enrolled', codes };
  }

  /**
   * A code of the enrolled secret (each time step once) or, when `recovery`, an unused recovery
   * code. A secret no key opens any more is refused with staff_second_factor_unreadable (a
   * clear answer, not counted as a wrong code).
   */
  private async verify(
    userId: number,
    code: string,
    now: Date,
    { recovery }: { recovery: boolean },
  ): Promise<{ kind: 'code' } | { kind: 'recovery'; left: number } | null> {
    if (recovery && SecondFactor.looksLikeRecoveryCode(code)) {
      const used = await this.prisma.staffRecoveryCode.updateMany({
        where: { userId, codeHash: this.factor.recoveryHash(code), usedAt: null },
        data: { usedAt: now },
      });
      if (used.count !== 1) return null;
      const left = await this.recoveryCodesLeft(userId);
      return { kind: 'recovery', left };
    }
    const factor = await this.prisma.staffSecondFactor.findUnique({ where: { userId } });
    if (!factor) return null;
    const opened = this.factor.open(factor.secret);
    const step = await this.factor.timeStepOf(opened.secret, code, factor.lastTimeStep);
    if (step === null) return null;
    // the step is taken once, whoever races: a code seen on someone's screen is spent
    const taken = await this.prisma.staffSecondFactor.updateMany({
      where: { userId, lastTimeStep: { lt: step } },
      data: { lastTimeStep: step },
    });
    if (taken.count !== 1) return null;
    await this.sealAgain(userId, factor.secret, opened);
    return { kind: 'code' };
  }

  async signOut(staff: { userId: number; roles: StaffRole[]; sessionId: string }, ip?: string) {
    await this.prisma.$transaction(async (tx) => {
      await tx.staffSession.deleteMany({ where: { id: staff.sessionId } });
      await this.audit.record(
        tx,
        staff,
        { action: 'staff.sign_out', subjectType: 'staff_session', subjectId: staff.sessionId },
        ip,
      );
    });
  }
}

export function present(account: {
  id: number;
  email: string | null;
  roles: StaffRole[];
  profile?: { name: string } | null;
}): StaffMember {
  return {
    id: account.id,
    email: account.email ?? '',
    name: account.profile?.name ?? null,
    roles: account.roles,
  };
}
