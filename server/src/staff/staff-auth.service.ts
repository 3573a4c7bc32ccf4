import { Injectable } from '@nestjs/common';
import {
  STAFF_CHALLENGE_MINUTES,
  STAFF_CODE_TRIES,
  type StaffLoginResponse,
  type StaffMember,
} from '@app/contract';
import { LoginThrottleService, PasswordGate, type AttemptSource } from '../auth';
import { AppError } from '../common/app-error';
import { clientKey } from '../common/client-address';
import { hashToken, newToken } from '../common/tokens';
import type { Prisma, StaffRole } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { AuditLog } from './audit.service';
import { SecondFactor } from './second-factor';
import { StaffSessions, type StaffSource } from './staff-sessions.service';

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
}

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
 */
@Injectable()
export class StaffAuth {
  constructor(
    private readonly prisma: PrismaService,
    private readonly gate: PasswordGate,
    private readonly throttle: LoginThrottleService,
    private readonly factor: SecondFactor,
    private readonly sessions: StaffSessions,
    private readonly audit: AuditLog,
  ) {}

  async password(
    rawEmail: string,
    password: string,
    source: AttemptSource,
    now = new Date(),
  ): Promise<StaffLoginResponse> {
    const email = rawEmail.trim().toLowerCase();
    const found = await this.prisma.user.findUnique({ where: { email }, select: STAFF_ACCOUNT });
    const account = found && found.status === 'confirmed' && found.roles.length > 0 ? found : null;
    const checked = await this.gate.check(email, account, password, source);
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
    source: StaffSource,
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
        : await this.verify(challenge.userId, typed, now);
    if (!accepted) {
      await this.throttle.recordFailure({
        email: account.email,
        client: clientKey(source.ip),
        deviceId: null,
      });
      throw new AppError('staff_code_invalid');
    }
    await this.prisma.staffLoginChallenge.deleteMany({ where: { tokenHash: challenge.tokenHash } });
    const session = await this.sessions.create(account.id, account.roles, source, now);
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
    };
  }

  /** The first code of a new secret: it is stored, with new recovery codes. */
  private async enroll(
    userId: number,
    sealed: string | null,
    code: string,
    now: Date,
  ): Promise<{ kind: 'enrolled'; codes: string[] } | null> {
    if (!sealed) return null;
    const secret = this.factor.open(sealed);
    const step = await this.factor.timeStepOf(secret, code, 0);
    if (step === null) return null;
    const { codes, hashes } = this.factor.recoveryCodes();
    await this.prisma.$transaction(async (tx) => {
      // two enrollments racing: the primary key lets one in
      await tx.staffSecondFactor.create({
        data: { userId, secret: sealed, lastTimeStep: step, enabledAt: now },
      });
      await tx.staffRecoveryCode.deleteMany({ where: { userId } });
      await tx.staffRecoveryCode.createMany({
        data: hashes.map((codeHash) => ({ userId, codeHash })),
      });
    });
    return { kind: 'enrolled', codes };
  }

  /** A code of the enrolled secret (each time step once) or an unused recovery code. */
  private async verify(
    userId: number,
    code: string,
    now: Date,
  ): Promise<{ kind: 'code' } | { kind: 'recovery'; left: number } | null> {
    if (SecondFactor.looksLikeRecoveryCode(code)) {
      const used = await this.prisma.staffRecoveryCode.updateMany({
        where: { userId, codeHash: SecondFactor.recoveryHash(code), usedAt: null },
        data: { usedAt: now },
      });
      if (used.count !== 1) return null;
      const left = await this.prisma.staffRecoveryCode.count({ where: { userId, usedAt: null } });
      return { kind: 'recovery', left };
    }
    const factor = await this.prisma.staffSecondFactor.findUnique({ where: { userId } });
    if (!factor) return null;
    const step = await this.factor.timeStepOf(
      this.factor.open(factor.secret),
      code,
      factor.lastTimeStep,
    );
    if (step === null) return null;
    // the step is taken once, whoever races: a code seen on someone's screen is spent
    const taken = await this.prisma.staffSecondFactor.updateMany({
      where: { userId, lastTimeStep: { lt: step } },
      data: { lastTimeStep: step },
    });
    return taken.count === 1 ? { kind: 'code' } : null;
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
