import { CITY_PROBES_MAX, listStatement } from './list-query.sql';
import type { Viewer } from './visibility';

const member: Viewer = { userId: 7, roles: [], paidUser: false };
const lastActiveAt = new Date('2026-11-20T10:30:00.000Z');

/** The statement with its whitespace collapsed, so the checks read as one line of SQL. */
function statementOf(...args: Parameters<typeof listStatement>) {
  const { text, values } = listStatement(...args);
  return { text: text.replace(/\s+/g, ' '), values };
}

/** Each `$n` the text uses, in order of appearance (repeats kept). */
function placeholders(text: string): number[] {
  return [...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]));
}

describe('listStatement', () => {
  it('binds every value of a plain first page in order: viewer, criteria, then the page size', () => {
    const { text, values } = statementOf(
      member,
      { gender: 'female', countries: ['NL'], regionId: 3, withPhoto: true },
      { take: 20 },
    );
    expect(values).toEqual([7, 'female', 'NL', 3, 20]);
    expect(text).toContain(`p.user_id <> $1`);
    expect(text).toContain(`p.gender = $2::"Gender"`);
    expect(text).toContain('p.country_code = $3');
    expect(text).toContain('p.region_id = $4');
    expect(text).toContain('p.has_photo');
    expect(text).toContain('ORDER BY p.last_active_at DESC, p.id DESC LIMIT $5');
    expect(text).toContain('SELECT NULL::bigint AS counted');
    expect(text).not.toMatch(/LIMIT \d/);
    expect(Math.max(...placeholders(text))).toBe(values.length);
  });

  it('reads a visitor list without a viewer parameter or block rule', () => {
    const { text, values } = statementOf(null, { countries: ['NL', 'BE'] }, { take: 10 });
    expect(values).toEqual([['NL', 'BE'], 10]);
    expect(text).toContain('p.country_code = ANY($1::text[])');
    expect(text).not.toContain('blocks');
    expect(text).toContain('LIMIT $2');
  });

  it('binds the keyset of a later page before the page size', () => {
    const { text, values } = statementOf(
      member,
      { bornOnOrBefore: new Date('2000-01-01T00:00:00Z') },
      { take: 20, after: { lastActiveAt, id: 42 } },
    );
    expect(values).toEqual([7, '2000-01-01', '2026-11-20 10:30:00.000', 42, 20]);
    expect(text).toContain('p.date_of_birth <= $2::date');
    expect(text).toContain('(p.last_active_at, p.id) < ($3::timestamp, $4)');
    expect(text).toContain('LIMIT $5');
  });

  it('binds the count cap (one more than asked, to tell "more") after the page size', () => {
    const { text, values } = statementOf(
      member,
      { activeSince: lastActiveAt },
      { take: 20, countUpTo: 500 },
    );
    expect(values).toEqual([7, '2026-11-20 10:30:00.000', 20, 501]);
    expect(text).toContain('p.last_active_at >= $2::timestamp');
    expect(text).toContain('ORDER BY p.last_active_at DESC, p.id DESC LIMIT $3');
    expect(text).toContain(
      '(SELECT count(*) FROM (SELECT 1 FROM profiles p WHERE ' +
        `p.status = 'active' AND NOT p.invisible AND p.user_id <> $1`,
    );
    expect(text).toContain('LIMIT $4) n) AS counted');
    // the count ignores the keyset: it is only asked for on the first page
    expect(placeholders(text).filter((n) => n === 4)).toHaveLength(1);
  });

  it('probes each city of a distance search, binding the city list once and reusing it', () => {
    const { text, values } = statementOf(
      member,
      { cityIds: [5, 6], exceptProfileIds: [9] },
      { take: 20, after: { lastActiveAt, id: 42 }, countUpTo: 100 },
    );
    expect(values).toEqual([7, [9], [5, 6], '2026-11-20 10:30:00.000', 42, 20, 101]);
    expect(text).toContain('p.id <> ALL($2::int[])');
    expect(text).toContain('FROM unnest($3::int[]) AS city(id) CROSS JOIN LATERAL');
    expect(text).toContain(
      'p.city_id = city.id AND (p.last_active_at, p.id) < ($4::timestamp, $5) ' +
        'ORDER BY p.last_active_at DESC, p.id DESC LIMIT $6 ) x',
    );
    expect(text).toContain('ORDER BY x.last_active_at DESC, x.id DESC LIMIT $6');
    expect(text).toContain('LIMIT $7) x LIMIT $7) n) AS counted');
    expect(placeholders(text).filter((n) => n === 3)).toHaveLength(2);
    expect(text).not.toContain('p.city_id = ANY');
  });

  it('scans the country in activity order with the cities as a filter when told to, and still counts by probing', () => {
    const { text, values } = statementOf(
      member,
      { countries: ['NL'], cityIds: [5, 6] },
      { take: 20, countUpTo: 100, scanCities: true },
    );
    expect(values).toEqual([7, 'NL', [5, 6], 20, 101]);
    // `+ 0`: the filter is checked in the country index, never turned into a city index read
    expect(text).toContain(
      'p.city_id + 0 = ANY($3::int[]) ORDER BY p.last_active_at DESC, p.id DESC LIMIT $4',
    );
    expect(text).toContain('FROM unnest($3::int[]) AS city(id) CROSS JOIN LATERAL (SELECT 1');
    expect(text).toContain('LIMIT $5) x LIMIT $5) n) AS counted');
  });

  it('filters by city instead of probing beyond CITY_PROBES_MAX cities', () => {
    const cityIds = Array.from({ length: CITY_PROBES_MAX + 1 }, (_, i) => i + 1);
    const { text, values } = statementOf(member, { cityIds }, { take: 20 });
    expect(values).toEqual([7, cityIds, 20]);
    expect(text).toContain('p.city_id = ANY($2::int[])');
    expect(text).not.toContain('unnest');
    expect(text).toContain('LIMIT $3');
  });

  it('probes only the given profiles by their primary key, in activity order, with every criterion', () => {
    const { text, values } = statementOf(
      member,
      { gender: 'female', regionId: 3, onlyProfileIds: [11, 12], cityIds: [5] },
      { take: 24 },
    );
    // the cities of a distance search are a filter here, not a probe: the ids are
    expect(values).toEqual([7, 'female', 3, [5], [11, 12], 24]);
    expect(text).toContain(
      'FROM unnest($5::int[]) AS only_id(id) CROSS JOIN LATERAL ( SELECT p.id, p.last_active_at FROM profiles p',
    );
    expect(text).toContain('p.city_id = ANY($4::int[]) AND p.id = only_id.id OFFSET 0 ) x');
    expect(text).toContain('ORDER BY x.last_active_at DESC, x.id DESC LIMIT $6');
    expect(text).not.toContain('AS city(id)');
    expect(Math.max(...placeholders(text))).toBe(values.length);
  });

  it('counts only the given profiles, without a cap, when a count is asked', () => {
    const { text, values } = statementOf(
      member,
      { onlyProfileIds: [11] },
      { take: 24, countUpTo: 1000 },
    );
    expect(values).toEqual([7, [11], 24]);
    expect(text).toContain(
      '(SELECT count(*) FROM unnest($2::int[]) AS only_id(id) CROSS JOIN LATERAL (SELECT 1 FROM profiles p WHERE',
    );
    expect(Math.max(...placeholders(text))).toBe(values.length);
  });

  it('leaves the given profiles out of a page', () => {
    const { text, values } = statementOf(
      member,
      { countries: ['NL'], exceptProfileIds: [11, 12] },
      { take: 24 },
    );
    expect(values).toEqual([7, 'NL', [11, 12], 24]);
    expect(text).toContain('p.id <> ALL($3::int[])');
  });
});
