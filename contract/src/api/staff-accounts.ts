import { z } from 'zod';
import { emailField } from './fields';
import { staffRole } from './staff';

/**
 * Staff accounts (admins): list, create (a one-time password shown once), change roles,
 * disable and enable, reset the second factor. Every change is audited; the site always keeps
 * an enabled admin (409 last_admin).
 */
export { STAFF_ACCOUNT_ACTIONS } from './staff-account-actions';

export const staffAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  /** The roles it has; a disabled account's are the ones it gets back when enabled. */
  roles: z.array(staffRole),
  disabled: z.boolean(),
  /** Whether it has enrolled its second factor (after a reset: not until the next sign-in). */
  second_factor: z.boolean(),
  /**
   * Whether wrong passwords or codes (typed by anyone) have locked its sign-in from browsers it
   * has not signed in from; lifted by `unlock` or when the lock period ends.
   */
  locked: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

/** GET /api/staff/accounts */
export const staffAccountsResponse = z.object({ accounts: z.array(staffAccount) });
export type StaffAccountsResponse = z.infer<typeof staffAccountsResponse>;

const roleList = z
  .array(staffRole)
  .min(1)
  .max(3)
  .transform((roles) => [...new Set(roles)]);
const reason = z.string().trim().max(500).optional();

/** POST /api/staff/accounts */
export const createStaffAccountBody = z.object({
  email: emailField.pipe(z.email()),
  name: z.string().trim().min(1).max(100).optional(),
  roles: roleList,
});
export type CreateStaffAccountRequest = z.input<typeof createStaffAccountBody>;

/** The new account and its password, shown this once (the staff member changes it). */
export const createdStaffAccountResponse = z.object({
  account: staffAccount,
  password: z.string(),
});
export type CreatedStaffAccountResponse = z.infer<typeof createdStaffAccountResponse>;

/** PUT /api/staff/accounts/:id/roles (ends the account's staff sessions). */
export const staffRolesBody = z.object({ roles: roleList, reason });
export type StaffRolesRequest = z.input<typeof staffRolesBody>;

/** POST /api/staff/accounts/:id/{disable,enable,reset-second-factor} */
export const staffAccountActionBody = z.object({ reason });
export type StaffAccountActionRequest = z.input<typeof staffAccountActionBody>;

export const staffAccountResponse = z.object({ account: staffAccount });
export type StaffAccountResponse = z.infer<typeof staffAccountResponse>;
