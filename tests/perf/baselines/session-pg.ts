/**
 * Baseline: the essence of GET /api/user.php with one prepared `pg` statement. Reads the `sid`
 * cookie, hashes it (SHA-256, hex), selects the session by token hash joined to its user, profile
 * and the profile's main photo (only the columns the answer needs; prepared once per connection
 * as "session"), with the versions of the terms and privacy statement the member accepted
 * (pending_consents), checks expiry and user status and answers the same JSON as the app (see
 * server/src/accounts/user.presenter.ts: the main photo in whatever state, its card and thumbnail
 * URLs signed for the owner). No activity write, no middleware: the ceiling for a
 * session-reading route. Own process; prints `{"port":N}`. Env: DATABASE_URL, DB_POOL_SIZE,
 * MEDIA_SECRET.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { LEGAL_DOCUMENTS, currentLegalVersion, type LegalDocument } from '@app/contract';
import { photoUrl, pool } from './common.ts';
import { sessionTokenHash } from './session-cookie.ts';

const SESSION_SQL = `SELECT s.expires_at, u.id, u.status, u.credits, u.paid_user, u.language,
    u.signup_date, u.notifications_disabled::text[] AS notifications_disabled,
    u.roles::text[] AS roles, u.accepted_terms_version, u.accepted_privacy_version,
    p.id AS profile_id, p.name, p.status AS profile_status,
    p.country_code, p.gender, p.seeking_gender, p.fictional, p.invisible, p.privacy_mode,
    ph.id AS photo_id, ph.filename, ph.status AS photo_status
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN profiles p ON p.user_id = u.id
  LEFT JOIN photos ph ON ph.id = p.main_photo_id
  WHERE s.token_hash = $1`;

interface SessionRow {
  expires_at: Date;
  id: number;
  status: string;
  credits: number;
  paid_user: boolean;
  language: string;
  signup_date: Date;
  notifications_disabled: string[] | null;
  roles: string[] | null;
  accepted_terms_version: string | null;
  accepted_privacy_version: string | null;
  profile_id: number | null;
  name: string;
  profile_status: string;
  country_code: string;
  gender: string;
  seeking_gender: string | null;
  fictional: boolean;
  invisible: boolean;
  privacy_mode: boolean;
  photo_id: number | null;
  filename: string | null;
  photo_status: string | null;
}

function accepted(row: SessionRow, document: LegalDocument): string | null {
  return document === 'terms' ? row.accepted_terms_version : row.accepted_privacy_version;
}

function present(row: SessionRow, fictionalIcon: string) {
  return {
    id: row.id,
    status: row.status,
    credits: row.credits,
    paid_user: row.paid_user,
    language: row.language,
    fictional_icon: fictionalIcon,
    signup_date: row.signup_date.toISOString(),
    // Prisma reads a NULL list as []
    notifications_disabled: row.notifications_disabled ?? [],
    roles: row.roles ?? [],
    // the legal documents whose version in force the member has not accepted
    pending_consents: LEGAL_DOCUMENTS.filter(
      (document) => accepted(row, document) !== currentLegalVersion(document).id,
    ),
    profile:
      row.profile_id === null
        ? null
        : {
            id: row.profile_id,
            name: row.name,
            status: row.profile_status,
            country: row.country_code,
            gender: row.gender,
            seeking_gender: row.seeking_gender,
            fictional: row.fictional,
            invisible: row.invisible,
            privacy_mode: row.privacy_mode,
            main_image:
              row.photo_id === null || row.filename === null
                ? null
                : {
                    id: row.photo_id,
                    filename: photoUrl(row.filename, 'card', 'private'),
                    thumb_filename: photoUrl(row.filename, 'thumb', 'private'),
                    status: row.photo_status,
                  },
          },
  };
}

async function currentUser(cookie: string | undefined, fictionalIcon: string) {
  const tokenHash = sessionTokenHash(cookie);
  if (!tokenHash) return null;
  const { rows } = await pool.query<SessionRow>({
    name: 'session',
    text: SESSION_SQL,
    values: [tokenHash],
  });
  const row = rows[0];
  if (!row || row.expires_at.getTime() <= Date.now()) return null;
  if (row.status === 'purged' || row.status === 'banned') return null;
  return present(row, fictionalIcon);
}

async function main(): Promise<void> {
  // the app reads its settings through a 10 s cache; read once here
  const icon = await pool.query<{ value: unknown }>(
    `SELECT value FROM settings WHERE key = 'fictional_icon'`,
  );
  const stored = icon.rows[0]?.value;
  const fictionalIcon = typeof stored === 'string' ? stored : '🎭';
  const server = http.createServer((req, res) => {
    currentUser(req.headers.cookie, fictionalIcon).then(
      (user) => {
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ user }));
      },
      () => {
        res.statusCode = 500;
        res.end();
      },
    );
  });
  server.listen(0, '127.0.0.1', () => {
    console.log(JSON.stringify({ port: (server.address() as AddressInfo).port }));
  });
}

process.on('SIGTERM', () => process.exit(0));
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
