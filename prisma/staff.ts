/**
 * `npm run staff:create -- --email <address> --role <admin|operator|moderator> [--name <name>]`
 *
 * Creates a staff account (no member profile) with a random password, printed once on stdout:
 * the staff member changes it after the first login. An address that already has an account is
 * refused, so no account is promoted silently; `--add-role` gives such an account the role
 * instead and leaves its password and everything else as they are.
 *
 * Passwords are hashed at BCRYPT_COST (default 12), as the server hashes them. The database
 * comes from DATABASE_URL (or .env).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { StaffRole } from '../server/src/generated/prisma/client.ts';
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
  '[--name <name>] [--add-role]';
const ROLES: readonly StaffRole[] = ['admin', 'operator', 'moderator'];

interface Command {
  email: string;
  role: StaffRole;
  name?: string;
  addRole: boolean;
}

function parseCommand(args: string[]): Command {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      'add-role': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const email = values.email?.trim().toLowerCase() ?? '';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new StaffAccountError(USAGE);
  const role = ROLES.find((r) => r === values.role);
  if (!role) throw new StaffAccountError(USAGE);
  const name = values.name?.trim();
  if (name !== undefined && (name.length === 0 || name.length > 100)) {
    throw new StaffAccountError('--name must be 1-100 characters');
  }
  return { email, role, name, addRole: values['add-role'] };
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
    if (command.addRole) {
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

runCommand(main);
