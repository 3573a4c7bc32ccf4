import { Prisma, type StaffRole, type UserStatus } from '../generated/prisma/client';

/**
 * The staff session read of every staff request and staff socket, as one prepared statement on
 * Prisma's pool (run through queryRows, named `staff-session`), as the member's session is read
 * (auth/session.sql.ts): the session, the roles it was begun with, and the account's status,
 * e-mail, roles and profile name, without Prisma's nested select (docs/performance.md). Every
 * check on them stays in StaffSessions.resolve.
 */
export function staffSessionStatement(tokenHash: string): Prisma.Sql {
  return Prisma.sql`SELECT s.id, s.roles::text[] AS session_roles, s.expires_at, s.last_seen_at,
    u.id AS user_id, u.email, u.status::text AS status, u.roles::text[] AS roles, p.name
  FROM staff_sessions s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN profiles p ON p.user_id = u.id
  WHERE s.token_hash = ${tokenHash}`;
}

/** A staff request of the staff member's own (a prepared statement named `staff-session-touch`). */
export function staffTouchStatement(sessionId: string, now: string): Prisma.Sql {
  return Prisma.sql`UPDATE staff_sessions SET last_seen_at = ${now}::timestamp(3)
  WHERE id = ${sessionId}::uuid`;
}

/** A row of staffSessionStatement (read through pg). */
export interface StaffSessionRow {
  id: string;
  session_roles: StaffRole[] | null;
  expires_at: Date;
  last_seen_at: Date;
  user_id: number;
  email: string | null;
  status: UserStatus;
  roles: StaffRole[] | null;
  name: string | null;
}
