import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '..');
const OWN = path.resolve(__dirname);
/** Files that read only the asking member's own profile (never another member's), and why. */
const OWN_PROFILE_ONLY = new Set([
  // the session read of every request joins the logged-in member's own profile
  path.join(SRC, 'auth', 'session.sql.ts'),
  // the staff session read of every console request joins the staff account's own profile
  // (a staff member who is also a member: their name), as the member session does
  path.join(SRC, 'staff', 'staff-session.sql.ts'),
  // counts the asking member's own photos inside the transaction that adds one (upload limit)
  path.join(SRC, 'photos', 'photos.service.ts'),
  // which members are due a reminder or the weekly update: each recipient's own profile row
  // (not a chat pal; the kind sought and the country); others are read by NotificationReads
  path.join(SRC, 'notification-mails', 'periodic-mails.sql.ts'),
  // which members are due a retention mail (profile unfinished, inactive): each recipient's own
  // profile row (not a chat pal, photo and text present); no other member is read
  path.join(SRC, 'notification-mails', 'retention-mails.sql.ts'),
  // a campaign's audience: each recipient's own profile row (gender, not a chat pal), to mail
  // them; no member is shown to another
  path.join(SRC, 'campaigns', 'campaigns.sql.ts'),
  // which boosts a search puts first: without a region filter, the searching member's own
  // profile's region (their row only); the boosted members are then read by MemberLists
  path.join(SRC, 'boosts', 'boosts.sql.ts'),
]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'generated' ? [] : sources(full);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [full] : [];
  });
}

/**
 * A row lock a deciding transaction takes (`SELECT … FOR UPDATE`, a whole SQL template in a
 * feature's `*.sql.ts`): the one read of profiles and photos outside this module, as a feature
 * locks the rows its own decision changes (the inspection's item, the complaints' hiding, the
 * badge's withdrawal), never to show a member to anyone. Blanked before the check (lines kept).
 */
const ROW_LOCK = /`[^`]*\bFOR UPDATE\b[^`]*`/g;

function withoutRowLocks(file: string, text: string): string {
  if (!file.endsWith('.sql.ts')) return text;
  return text.replace(ROW_LOCK, (statement) => statement.replace(/[^\n]/g, ' '));
}

/** Reads of member profiles and photos: what only the member-access module may do. */
const PROFILE_READ =
  /\.(profile|photo)\s*\.\s*(findMany|findFirst|findFirstOrThrow|findUnique|findUniqueOrThrow|count|aggregate|groupBy)\s*\(|\bFROM\s+"?(profiles|photos)"?\b|\bJOIN\s+"?(profiles|photos)"?\b/i;

describe('the member-access boundary', () => {
  it('keeps every read of member profiles and photos inside the member-access module', () => {
    const offenders = sources(SRC)
      .filter((file) => !file.startsWith(OWN + path.sep) && !OWN_PROFILE_ONLY.has(file))
      .flatMap((file) =>
        withoutRowLocks(file, readFileSync(file, 'utf8'))
          .split('\n')
          .map((line, i) => ({ line, at: `${path.relative(SRC, file)}:${i + 1}` }))
          .filter(({ line }) => PROFILE_READ.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('would notice such a read', () => {
    expect(PROFILE_READ.test('await this.prisma.profile.findMany({ where })')).toBe(true);
    expect(PROFILE_READ.test('tx.photo.count({})')).toBe(true);
    expect(PROFILE_READ.test('SELECT id FROM profiles WHERE')).toBe(true);
    expect(PROFILE_READ.test('await tx.profile.updateMany({ where: { userId } })')).toBe(false);
  });

  it('lets a feature lock the rows its decision changes, in its SQL file only', () => {
    const lock =
      'Prisma.sql`\n  SELECT about FROM profiles\n  WHERE user_id = ${userId} FOR UPDATE`';
    expect(withoutRowLocks('complaints/hiding.sql.ts', lock)).not.toMatch(PROFILE_READ);
    expect(withoutRowLocks('complaints/hiding.sql.ts', lock).split('\n')).toHaveLength(3);
    // not a plain read in the same file, nor a lock written elsewhere
    const read = 'Prisma.sql`SELECT about FROM profiles WHERE user_id = ${userId}`';
    expect(withoutRowLocks('complaints/hiding.sql.ts', `${lock}\n${read}`)).toMatch(PROFILE_READ);
    expect(withoutRowLocks('complaints/reported-items.ts', lock)).toMatch(PROFILE_READ);
  });
});
