/**
 * Baseline: the essence of GET /api/member.php?id=N (a member's profile page) in hand-written SQL
 * through `pg`: the session with the viewer's paid flag (one prepared statement), then one
 * prepared statement for the whole page: the profile under the `card` rule (active, not blocked
 * by its member, invisible only for partners and the member themself), its photos, interests,
 * the viewer's relation (blocked, liked, liked by), whether the member wrote to the viewer
 * (privacy mode), the related profiles (the `list` rule; of the gender the viewer seeks, else
 * the member's, of the member's country, born within six years of the member's birth year,
 * most recently active first) with
 * their own privacy flags, and, as the app does on opening, the new flag of the member's like
 * cleared. The same JSON as the app (bench.ts checks it before measuring). Own process; prints
 * `{"port":N}`. Env: DATABASE_URL, DB_POOL_SIZE, MEDIA_SECRET.
 */
import {
  CARD_COLUMNS,
  CARD_JOINS,
  card,
  photoUrl,
  pool,
  serve,
  wroteSql,
  type CardRow,
} from './common.ts';
import { sessionTokenHash } from './session-cookie.ts';

/** The member wrote to the viewer, and neither blocked the other (the privacy-mode partner). */
const partner = (owner: string, viewer: string) => `(${wroteSql(owner, viewer)}
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = ${owner} AND b.blocked_id = ${viewer})
    OR (b.blocker_id = ${viewer} AND b.blocked_id = ${owner})))`;

const PAGE_SQL = `WITH t AS (
    SELECT ${CARD_COLUMNS}, p.user_id, p.main_photo_id, p.sexuality::text AS sexuality,
      p.hair_color::text AS hair_color, p.eye_color::text AS eye_color,
      p.body_type::text AS body_type, p.relationship_status::text AS relationship_status,
      p.tattoos, p.signup_reason::text AS signup_reason, p.about
    FROM profiles p ${CARD_JOINS}
    WHERE p.id = $2 AND p.status = 'active'
      AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = p.user_id AND b.blocked_id = $1)
      AND (NOT p.invisible OR p.user_id = $1 OR EXISTS (SELECT 1 FROM conversations c
        WHERE c.user_low_id = LEAST(p.user_id, $1) AND c.user_high_id = GREATEST(p.user_id, $1)))
  ), seen AS (
    UPDATE likes l SET is_new = false FROM t
    WHERE l.liker_id = t.user_id AND l.liked_id = $1 AND l.is_new
    RETURNING 1
  )
  SELECT t.*, ${partner('t.user_id', '$1')} AS partner,
    EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = $1 AND b.blocked_id = t.user_id) AS blocked,
    EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = $1 AND l.liked_id = t.user_id) AS liked,
    EXISTS (SELECT 1 FROM likes l WHERE l.liker_id = t.user_id AND l.liked_id = $1) AS liked_by,
    ARRAY(SELECT i.slug FROM profile_interests pi JOIN interests i ON i.id = pi.interest_id
      WHERE pi.profile_id = t.profile_id ORDER BY i.position, i.id) AS interests,
    (SELECT coalesce(json_agg(json_build_object('id', ph.id, 'filename', ph.filename,
        'status', ph.status, 'width', ph.width, 'height', ph.height)
        ORDER BY ph.position, ph.id), '[]') FROM photos ph WHERE ph.profile_id = t.profile_id) AS photos,
    (SELECT coalesce(json_agg(r ORDER BY r.last_active_at DESC, r.profile_id DESC), '[]') FROM (
      SELECT ${CARD_COLUMNS}, ${wroteSql('p.user_id', '$1')} AS partner FROM profiles p ${CARD_JOINS}
      WHERE p.status = 'active' AND NOT p.invisible AND p.user_id <> $1
        AND p.user_id NOT IN (SELECT b.blocked_id FROM blocks b WHERE b.blocker_id = $1
          UNION ALL SELECT b.blocker_id FROM blocks b WHERE b.blocked_id = $1)
        AND p.id <> t.profile_id AND p.country_code = t.country_code
        AND p.gender = coalesce((SELECT v.seeking_gender FROM profiles v WHERE v.user_id = $1),
          t.gender::"Gender")
        -- the bounds come from the member's row; the country's list index is read in activity
        -- order (no index leads with the birth date since migration drop_old_search_indexes)
        AND p.date_of_birth >= make_date(extract(year FROM t.date_of_birth)::int - 6, 1, 1)
        AND p.date_of_birth < make_date(extract(year FROM t.date_of_birth)::int + 7, 1, 1)
      ORDER BY p.last_active_at DESC, p.id DESC LIMIT 6) r) AS related,
    (SELECT count(*) FROM seen) AS cleared
  FROM t`;

interface Photo {
  id: number;
  filename: string;
  status: string;
  width: number;
  height: number;
}

interface PageRow extends CardRow {
  user_id: number;
  main_photo_id: number | null;
  sexuality: string | null;
  hair_color: string | null;
  eye_color: string | null;
  body_type: string | null;
  relationship_status: string | null;
  tattoos: boolean | null;
  signup_reason: string | null;
  about: string | null;
  partner: boolean;
  blocked: boolean;
  liked: boolean;
  liked_by: boolean;
  interests: string[];
  photos: Photo[];
  related: (Omit<CardRow, 'date_of_birth' | 'last_active_at'> & {
    date_of_birth: string;
    last_active_at: string;
    partner: boolean;
  })[];
}

/** The viewer and whether they paid (premium members see every active photo). */
async function viewerOf(cookie: string | undefined) {
  const tokenHash = sessionTokenHash(cookie);
  if (!tokenHash) return null;
  const { rows } = await pool.query<{
    user_id: number;
    expires_at: Date;
    status: string;
    paid_user: boolean;
  }>({
    name: 'session-paid',
    text: `SELECT s.user_id, s.expires_at, u.status, u.paid_user FROM sessions s
      JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`,
    values: [tokenHash],
  });
  const row = rows[0];
  if (!row || row.expires_at.getTime() <= Date.now()) return null;
  if (row.status === 'purged' || row.status === 'banned') return null;
  return { id: row.user_id, paid: row.paid_user };
}

const paid = new Map<number, boolean>();

serve(
  async (viewer, url) => {
    const id = Number(new URL(url, 'http://x').searchParams.get('id'));
    const { rows } = await pool.query<PageRow>({
      name: 'page',
      text: PAGE_SQL,
      values: [viewer, id],
    });
    const row = rows[0];
    // not visible to this viewer (the app answers 404; the bench reads a visible member)
    if (!row) return null;
    const now = new Date();
    const own = row.user_id === viewer;
    // the photo rule: the owner sees all; privacy mode shows photos only to members the owner
    // wrote to; else the main photo to everyone, the others to premium members
    const full = own || !row.privacy_mode || row.partner;
    const gallery = row.photos.flatMap((photo) => {
      const main = photo.id === row.main_photo_id;
      if (!own && photo.status !== 'active') return [];
      const open = own || (row.privacy_mode ? row.partner : main || paid.get(viewer) === true);
      if (!open)
        return [
          { id: photo.id, locked: true, main, thumb_url: photoUrl(photo.filename, 'locked') },
        ];
      return [
        {
          id: photo.id,
          locked: false,
          main,
          thumb_url: photoUrl(photo.filename, 'thumb'),
          card_url: photoUrl(photo.filename, 'card'),
          full_url: photoUrl(photo.filename, 'full'),
          width: photo.width,
          height: photo.height,
        },
      ];
    });
    return {
      profile: {
        ...card(row, full, now),
        sexuality: row.sexuality,
        hair_color: row.hair_color,
        eye_color: row.eye_color,
        body_type: row.body_type,
        relationship_status: row.relationship_status,
        tattoos: row.tattoos,
        signup_reason: row.signup_reason,
        about: row.about,
        interests: row.interests,
        photo_count: gallery.length,
        photos: gallery,
        relation: { blocked: row.blocked, liked: row.liked, liked_by: row.liked_by },
      },
      related: row.related.map((r) =>
        card(
          {
            ...r,
            date_of_birth: new Date(`${r.date_of_birth}T00:00:00Z`),
            last_active_at: new Date(`${r.last_active_at}Z`),
          },
          !r.privacy_mode || r.partner,
          now,
        ),
      ),
    };
  },
  async (cookie) => {
    const viewer = await viewerOf(cookie);
    if (!viewer) return null;
    paid.set(viewer.id, viewer.paid);
    return viewer.id;
  },
);
