import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  passwordProblem,
  type StaffAccount,
  type StaffAction,
  type StaffRoleName,
} from '@app/contract';
import { LoginThrottleService, PasswordHasher } from '../auth';
import { AppError } from '../common/app-error';
import { Prisma, type StaffRole } from '../generated/prisma/client';
import { NAMED_LOCK, namedLockStatement } from '../prisma/advisory-locks';
import { PrismaService } from '../prisma/prisma.service';
import { executeStatement } from '../prisma/sql';
import { AuditLog, type StaffPrincipal } from '../staff';

const ACCOUNT = {
  id: true,
  email: true,
  staffName: true,
  roles: true,
  staffDisabledAt: true,
  staffDisabledRoles: true,
  lastLoginAt: true,
  createdAt: true,
  staffSecondFactor: { select: { userId: true } },
  profile: { select: { name: true } },
} satisfies Prisma.UserSelect;

const ADMIN = { roles: { has: 'admin' } } satisfies Prisma.UserWhereInput;

type AccountRow = Prisma.UserGetPayload<{ select: typeof ACCOUNT }>;
type Tx = Prisma.TransactionClient;

/** Staff accounts: those with a role, and disabled ones (their roles put aside). */
const IS_STAFF = {
  OR: [{ roles: { isEmpty: false } }, { staffDisabledAt: { not: null } }],
} satisfies Prisma.UserWhereInput;

export function presentAccount(row: AccountRow, locked: boolean): StaffAccount {
  const disabled = row.staffDisabledAt !== null;
  return {
    id: row.id,
    email: row.email ?? `#${row.id}`,
    name: row.staffName ?? row.profile?.name ?? null,
    roles: disabled ? row.staffDisabledRoles : row.roles,
    disabled,
    second_factor: row.staffSecondFactor !== null,
    locked,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** 32 characters of base64url (192 random bits) that pass the site's password rules. */
function oneTimePassword(email: string): string {
  for (;;) {
    const password = randomBytes(24).toString('base64url');
    if (passwordProblem(password, { email }) === null) return password;
  }
}

interface Source {
  actor: StaffPrincipal;
  ip?: string;
}

/**
 * Admins manage staff accounts: create one (a one-time password shown once), change its roles,
 * disable and enable it, reset its second factor (it enrolls again at the next sign-in), lift
 * its sign-in lock. Every
 * change is one transaction with its audit row, and they run one at a time (an advisory lock),
 * so the check that an enabled admin remains cannot be raced: two admins removing each other's
 * role at once, one of them is refused (409 last_admin). A staff member's sessions end when
 * their roles change or the account is disabled (the users trigger of the staff migration) and
 * when their second factor is reset (here).
 */
@Injectable()
export class StaffAccounts {
  constructor(
    private readonly prisma: PrismaService,
    private readonly hasher: PasswordHasher,
    private readonly throttle: LoginThrottleService,
    private readonly audit: AuditLog,
  ) {}

  async list(): Promise<StaffAccount[]> {
    const rows = await this.prisma.user.findMany({
      where: IS_STAFF,
      select: ACCOUNT,
      orderBy: { id: 'asc' },
    });
    // one small Redis read per account: staff lists are tens of accounts, not thousands
    const locked = await Promise.all(
      rows.map((row) => this.throttle.accountLocked(row.email ?? '')),
    );
    return rows.map((row, index) => presentAccount(row, locked[index]));
  }

  async create(
    body: { email: string; name?: string; roles: StaffRoleName[] },
    { actor, ip }: Source,
  ): Promise<{ account: StaffAccount; password: string }> {
    const email = body.email.trim().toLowerCase();
    const password = oneTimePassword(email);
    const passwordHash = await this.hasher.hash(password);
    try {
      const account = await this.prisma.$transaction(async (tx) => {
        if (await tx.user.findUnique({ where: { email }, select: { id: true } })) {
          throw new AppError('email_taken', {}, 'email');
        }
        const row = await tx.user.create({
          data: {
            email,
            passwordHash,
            status: 'confirmed',
            confirmedAt: new Date(),
            roles: body.roles,
            staffName: body.name ?? null,
          },
          select: ACCOUNT,
        });
        await this.audit.record(
          tx,
          actor,
          {
            action: 'staff.account_created',
            subjectType: 'staff',
            subjectId: row.id,
            after: { email, name: body.name ?? null, roles: body.roles },
          },
          ip,
        );
        return presentAccount(row, false);
      });
      return { account, password };
    } catch (error) {
      // the same address created at the same moment by another request
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        throw new AppError('email_taken', {}, 'email');
      }
      throw error;
    }
  }

  setRoles(id: number, roles: StaffRoleName[], reason: string | undefined, source: Source) {
    return this.change(id, source, async (tx, row) => {
      const before = presentAccount(row, false).roles;
      const disabled = row.staffDisabledAt !== null;
      await tx.user.update({
        where: { id },
        data: disabled ? { staffDisabledRoles: roles } : { roles },
      });
      return {
        action: 'staff.roles_changed',
        before: { roles: before },
        after: { roles },
        reason,
        changed: !sameRoles(before, roles),
      };
    });
  }

  disable(id: number, reason: string | undefined, source: Source) {
    return this.change(id, source, async (tx, row) => {
      if (row.staffDisabledAt !== null) return { changed: false };
      await tx.user.update({
        where: { id },
        data: { staffDisabledAt: new Date(), staffDisabledRoles: row.roles, roles: [] },
      });
      return {
        action: 'staff.account_disabled',
        before: { disabled: false, roles: row.roles },
        after: { disabled: true },
        reason,
        changed: true,
      };
    });
  }

  enable(id: number, reason: string | undefined, source: Source) {
    return this.change(id, source, async (tx, row) => {
      if (row.staffDisabledAt === null) return { changed: false };
      await tx.user.update({
        where: { id },
        data: { staffDisabledAt: null, staffDisabledRoles: [], roles: row.staffDisabledRoles },
      });
      return {
        action: 'staff.account_enabled',
        before: { disabled: true },
        after: { disabled: false, roles: row.staffDisabledRoles },
        reason,
        changed: true,
      };
    });
  }

  /** The account enrolls a new second factor at its next sign-in; its sessions end now. */
  resetSecondFactor(id: number, reason: string | undefined, source: Source) {
    return this.change(id, source, async (tx, row) => {
      await tx.staffSecondFactor.deleteMany({ where: { userId: id } });
      await tx.staffRecoveryCode.deleteMany({ where: { userId: id } });
      await tx.staffLoginChallenge.deleteMany({ where: { userId: id } });
      await tx.staffSession.deleteMany({ where: { userId: id } });
      return {
        action: 'staff.second_factor_reset',
        before: { second_factor: row.staffSecondFactor !== null },
        after: { second_factor: false },
        reason,
        changed: true,
      };
    });
  }

  /**
   * Lifts the account's sign-in lock (wrong passwords or codes typed by anyone, on the member
   * login too): the way back for a staff member kept out by someone else, whatever browser they
   * use. Their trusted browsers were never locked; the per-address limits stay.
   */
  unlockSignIn(id: number, reason: string | undefined, source: Source) {
    return this.change(id, source, async (_tx, row) => {
      const email = row.email ?? '';
      const locked = await this.throttle.accountLocked(email);
      await this.throttle.unlockAccount(email);
      return {
        action: 'staff.login_unlocked',
        before: { locked },
        after: { locked: false },
        reason,
        changed: true,
      };
    });
  }

  /**
   * One change of a staff account, under the staff accounts' lock, with its audit row; refused
   * when it would leave no enabled admin.
   */
  private async change(
    id: number,
    { actor, ip }: Source,
    apply: (
      tx: Tx,
      row: AccountRow,
    ) => Promise<{
      action?: StaffAction;
      before?: unknown;
      after?: unknown;
      reason?: string;
      changed: boolean;
    }>,
  ): Promise<{ account: StaffAccount }> {
    const row = await this.prisma.$transaction(async (tx) => {
      await executeStatement(tx, namedLockStatement(NAMED_LOCK.STAFF_ACCOUNTS));
      const row = await tx.user.findFirst({ where: { id, ...IS_STAFF }, select: ACCOUNT });
      if (!row) throw new AppError('not_found');
      const done = await apply(tx, row);
      if (!done.changed || !done.action) return row;
      // the enabled admin this took away was the last one
      if (row.roles.includes('admin') && (await tx.user.count({ where: ADMIN })) === 0) {
        throw new AppError('last_admin');
      }
      await this.audit.record(
        tx,
        actor,
        {
          action: done.action,
          targetUserId: id,
          subjectType: 'staff',
          subjectId: id,
          before: done.before,
          after: done.after,
          reason: done.reason ?? null,
        },
        ip,
      );
      return tx.user.findUniqueOrThrow({ where: { id }, select: ACCOUNT });
    });
    return { account: presentAccount(row, await this.throttle.accountLocked(row.email ?? '')) };
  }
}

function sameRoles(a: readonly StaffRole[], b: readonly StaffRole[]): boolean {
  return a.length === b.length && a.every((role) => b.includes(role));
}
