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

/** Reads of member profiles and photos: what only the member-access module may do. */
const PROFILE_READ =
  /\.(profile|photo)\s*\.\s*(findMany|findFirst|findFirstOrThrow|findUnique|findUniqueOrThrow|count|aggregate|groupBy)\s*\(|\bFROM\s+"?(profiles|photos)"?\b|\bJOIN\s+"?(profiles|photos)"?\b/i;

describe('the member-access boundary', () => {
  it('keeps every read of member profiles and photos inside the member-access module', () => {
    const offenders = sources(SRC)
      .filter((file) => !file.startsWith(OWN + path.sep) && !OWN_PROFILE_ONLY.has(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
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
});
