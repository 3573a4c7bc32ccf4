/** What admins do to staff accounts, as the audit log names it (also in STAFF_ACTIONS). */
export const STAFF_ACCOUNT_ACTIONS = [
  'staff.account_created',
  'staff.roles_changed',
  'staff.account_disabled',
  'staff.account_enabled',
  'staff.second_factor_reset',
  'staff.login_unlocked',
] as const;
