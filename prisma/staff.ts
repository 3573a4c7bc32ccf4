/**
 * `npm run staff:create -- --email <address> --role <admin|operator|moderator> [--name <name>]`
 *
 * Creates a staff account (no member profile) with a random password, printed once on stdout:
 * the staff member changes it after the first login. An address that already has an account is
 * refused, so no account is promoted silently; `--add-role` gives such an account the role
 * instead and leaves its password and everything else as they are; `--remove-role` takes a role
 * away (never the last enabled admin's). `--reset-2fa` (with only `--email`) removes the
 * account's second factor and recovery codes and ends its staff sessions: it enrolls again at
 * the next sign-in. Role changes end the account's staff sessions (a database trigger). Each
 * change writes an audit row without an actor (the command line).
 *
 * Passwords are hashed at BCRYPT_COST (default 12), as the server hashes them. The database
 * comes from DATABASE_URL (or .env).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { Prisma, PrismaClient, StaffRole } from '../server/src/generated/prisma/client.ts';
import { passwordProblem } from '@app/contract';
import { connectDatabase, runCommand } from './database.ts';
import {
  DEFAULT_PASSWORD_COST,
  StaffAccountError,
  addStaffRole,
  createStaffAccount,
} from './seed/index.ts';

const USAGE =
  'Usage: npm run staff:create -- --email <address> --role <admin|operator|moderator> ' +
  '[--name <name>] [--add-role | --remove-role]\n' +
  '       npm run staff:create -- --email <address> --reset-2fa';
const ROLES: readonly StaffRole[] = ['admin', 'operator', 'moderator'];

interface Command {
  email: string;
  role: StaffRole;
  name?: string;
  mode: 'create' | 'add-role' | 'remove-role' | 'reset-2fa';
}

function parseCommand(args: string[]): Command {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      'add-role': { type: 'boolean', default: false },
      'remove-role': { type: 'boolean', default: false },
      'reset-2fa': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const email = values.email?.trim().toLowerCase() ?? '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new StaffAccountError(USAGE);
  const modes = (['add-role', 'remove-role', 'reset-2fa'] as const).filter((m) => values[m]);
  if (modes.length > 1) throw new StaffAccountError(USAGE);
  if (modes[0] === 'reset-2fa') {
    if (values.role !== undefined || values.name !== undefined) throw new StaffAccountError(USAGE);
    return { email, role: 'admin', mode: 'reset-2fa' };
  }
  const role = ROLES.find((r) => r === values.role);
  if (!role) throw new StaffAccountError(USAGE);
  const name = values.name?.trim();
  if (name !== undefined && (name.length === 0 || name.length > 100)) {
    throw new StaffAccountError('--name must be 1-100 characters');
  }
  return { email, role, name, mode: modes[0] ?? 'create' };
}

/** BCRYPT_COST as the server reads it: 4-15, at least 10 in production, default 12. */
function passwordCost(): number {
  const text = process.env.BCRYPT_COST?.trim();
  if (!text) return DEFAULT_PASSWORD_COST;
  const cost = Number(text);
  const minimum = process.env.NODE_ENV === 'production' ? 10 : 4;
  if (!Number.isInteger(cost) || cost < minimum || cost > 15) {
    throw new StaffAccountError(`BCRYPT_COST must be a whole number from ${minimum} to 15`);
  }
  return cost;
}

/** 32 characters of base64url (192 random bits) that pass the site's password rules. */
function randomPassword(identity: { email: string; name?: string }): string {
  for (;;) {
    const password = randomBytes(24).toString('base64url');
    if (passwordProblem(password, identity) === null) return password;
  }
}

async function main(): Promise<void> {
  const command = parseCommand(process.argv.slice(2));
  const cost = passwordCost();
  const prisma = connectDatabase('npm run staff:create -- ...');
  try {
    if (command.mode === 'reset-2fa') {
      const user = await resetSecondFactor(prisma, command.email);
      console.log(
        `The second factor of ${user.email} is removed and its staff sessions ended; ` +
          'it enrolls a new one (QR code) at its next sign-in.',
      );
      return;
    }
    if (command.mode === 'remove-role') {
      const { user, removed } = await removeStaffRole(prisma, command.email, command.role);
      console.log(
        removed
          ? `Removed the role ${command.role} from ${user.email}; its staff sessions ended.`
          : `${user.email} does not have the role ${command.role}; nothing changed.`,
      );
      console.log(`Roles of ${user.email}: ${user.roles.join(', ') || '(none)'}`);
      return;
    }
    if (command.mode === 'add-role') {
      const { user, added } = await addStaffRole(prisma, command.email, command.role);
      console.log(
        added
          ? `Added the role ${command.role} to ${user.email}; its password is unchanged.`
          : `${user.email} already has the role ${command.role}; nothing changed.`,
      );
      console.log(`Roles of ${user.email}: ${user.roles.join(', ')}`);
      return;
    }
    const password = randomPassword(command);
    const user = await createStaffAccount(prisma, {
      email: command.email,
      password,
      roles: [command.role],
      staffName: command.name,
      passwordCost: cost,
    });
    console.log(`Staff account created: ${user.email} (${command.role})`);
    console.log(`Password (shown only this once): ${password}`);
    console.log(
      'Give it to the staff member over a safe channel; they must change it after the first ' +
        'login (Instellingen at /notifications: Wachtwoord wijzigen).',
    );
  } finally {
    await prisma.$disconnect();
  }
}

/** An audit row of the command line (no actor), in the change's transaction. */
function audit(
  tx: Prisma.TransactionClient,
  userId: number,
  action: string,
  before: Prisma.InputJsonValue,
  after: Prisma.InputJsonValue,
) {
  return tx.staffAuditEntry.create({
    data: {
      actorId: null,
      actorRoles: [],
      action,
      targetUserId: userId,
      subjectType: 'staff',
      subjectId: String(userId),
      before,
      after,
      reason: 'npm run staff:create',
    },
  });
}

/** Takes a role away; never the last enabled admin's (the site always keeps one). */
async function removeStaffRole(prisma: PrismaClient, email: string, role: StaffRole) {
  return prisma.$transaction(async (tx) => {
    // the console's lock (NAMED_LOCK.STAFF_ACCOUNTS, server/src/prisma/advisory-locks.ts):
    // changes of staff accounts run one at a time
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('vonkje.staff_accounts'))`;
    const user = await tx.user.findUnique({ where: { email } });
    if (!user) throw new StaffAccountError(`${email} has no account`);
    if (!user.roles.includes(role)) return { user, removed: false };
    const roles = user.roles.filter((r) => r !== role);
    const updated = await tx.user.update({ where: { id: user.id }, data: { roles } });
    if (role === 'admin' && (await tx.user.count({ where: { roles: { has: 'admin' } } })) === 0) {
      throw new StaffAccountError(
        `${email} is the last enabled admin: make another admin first (the site always keeps one)`,
      );
    }
    await audit(tx, user.id, 'staff.roles_changed', { roles: user.roles }, { roles });
    return { user: updated, removed: true };
  });
}

/** Removes the second factor and recovery codes and ends the staff sessions of an account. */
async function resetSecondFactor(prisma: PrismaClient, email: string) {
  return prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { email },
      include: { staffSecondFactor: { select: { userId: true } } },
    });
    if (!user) throw new StaffAccountError(`${email} has no account`);
    await tx.staffSecondFactor.deleteMany({ where: { userId: user.id } });
    await tx.staffRecoveryCode.deleteMany({ where: { userId: user.id } });
    await tx.staffLoginChallenge.deleteMany({ where: { userId: user.id } });
    await tx.staffSession.deleteMany({ where: { userId: user.id } });
    await audit(
      tx,
      user.id,
      'staff.second_factor_reset',
      { second_factor: user.staffSecondFactor !== null },
      { second_factor: false },
    );
    return user;
  });
}

runCommand(main);
