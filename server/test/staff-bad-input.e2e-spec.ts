import { randomUUID } from 'node:crypto';
import type { Test } from 'supertest';
import { dbId, errorBody, STAFF_SOCKET_NAMESPACE } from '@app/contract';
import { translate } from '../src/i18n/i18n';
import {
  describeApi,
  sample,
  SWEEP_TIMEOUT_MS,
  type OperationEntry,
  type Schema,
} from './helpers/openapi';
import { connect, eventually, listening, type ClientSocket } from './helpers/sockets';
import { staffCookie } from './helpers/staff';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Bad input to the console (issue 19): every staff operation of the OpenAPI description, signed
 * in as an admin (who may call all of them), gets hostile path ids, query values and JSON bodies
 * derived from its own parameters and schemas, so a new route is swept as soon as it exists.
 * Whatever the schema refuses must be refused: 400 validation_failed naming the field (NUL:
 * 400 invalid_characters, a body over the limit: 413), in the caller's language, with the error
 * model's body; what the schema cannot judge (a long text the service measures, a well-formed id
 * of nothing) still gets a 4xx. Never a 5xx, and no refused write changes a row of the database.
 */
describe('staff routes: bad input', () => {
  let t: TestApp;
  let cookie: string;
  let api: ReturnType<typeof describeApi>;
  /** The language the caller asks for: every message must be in it (Dutch is the default). */
  const LANGUAGE = 'de';

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await staffCookie(t, ['admin']);
    api = describeApi(t.app);
    tables = await watchedTables();
  });
  afterAll(() => t.close());

  // ------------------------------------------------------------------ the operations

  /** The console's sign-in is under /api/staff without a role; the rest are marked by @Staff. */
  function staffRoutes(): OperationEntry[] {
    return api.operations.filter(
      ({ path, operation }) => operation['x-staff-roles'] || path.startsWith('/api/staff/'),
    );
  }
  const pathParams = ({ operation }: OperationEntry) =>
    (operation.parameters ?? []).filter((p) => p.in === 'path');
  const queryParams = ({ operation }: OperationEntry) =>
    (operation.parameters ?? []).filter((p) => p.in === 'query');
  /** The file fields of a multipart body (an upload). */
  const fileFields = ({ operation }: OperationEntry) =>
    Object.keys(operation.requestBody?.content?.['multipart/form-data']?.schema.properties ?? {});
  const jsonBody = ({ operation }: OperationEntry): Schema | undefined => {
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    return schema && api.resolve(schema);
  };
  const label = ({ method, path }: OperationEntry) => `${method.toUpperCase()} ${path}`;

  // ------------------------------------------------------------------ what the schema accepts

  /** Whether a value passes the schema (the subset of JSON Schema the zod DTOs produce). */
  function accepts(given: Schema, value: unknown): boolean {
    const schema = api.resolve(given);
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches) return branches.some((branch) => accepts(branch, value));
    if (value === null) return schema.nullable === true || (schema.enum ?? []).includes(null);
    if (schema.enum) return schema.enum.includes(value);
    switch (schema.type) {
      case 'string':
        return (
          typeof value === 'string' &&
          value.length >= (schema.minLength ?? 0) &&
          value.length <= (schema.maxLength ?? Infinity) &&
          (!schema.pattern || new RegExp(schema.pattern).test(value)) &&
          // a 10-digit id pattern is PostgreSQL's integer (the contract's dbId)
          (schema.pattern !== ID_PATTERN || dbId.safeParse(value).success)
        );
      case 'integer':
      case 'number':
        return (
          typeof value === 'number' &&
          (schema.type === 'number' || Number.isInteger(value)) &&
          withinBounds(schema, value)
        );
      case 'boolean':
        return typeof value === 'boolean';
      case 'array':
        return (
          Array.isArray(value) &&
          value.length >= (schema.minItems ?? 0) &&
          value.length <= (schema.maxItems ?? Infinity) &&
          value.every((item) => !schema.items || accepts(schema.items, item))
        );
      default: {
        if (typeof value !== 'object' || Array.isArray(value)) return false;
        const record = value as Record<string, unknown>;
        const properties = schema.properties ?? {};
        return (
          (schema.required ?? []).every((name) => name in record) &&
          Object.entries(record).every(([name, item]) =>
            properties[name]
              ? accepts(properties[name], item)
              : schema.additionalProperties !== false,
          )
        );
      }
    }
  }
  function withinBounds(schema: Schema & { exclusiveMinimum?: boolean | number }, n: number) {
    const min = schema.minimum ?? -Infinity;
    const exclusive = schema.exclusiveMinimum;
    if (typeof exclusive === 'number' ? n <= exclusive : exclusive ? n <= min : n < min) {
      return false;
    }
    return n <= (schema.maximum ?? Infinity);
  }

  /** Every field of a body schema (nested objects' and array items' too), with its path. */
  function fields(schema: Schema, path: (string | number)[] = []): [(string | number)[], Schema][] {
    return Object.entries(api.resolve(schema).properties ?? {}).flatMap(([name, given]) => {
      const field = api.resolve(given);
      const here = [...path, name];
      const items = field.items && api.resolve(field.items);
      return [
        [here, field] as [(string | number)[], Schema],
        ...(field.properties ? fields(field, here) : []),
        ...(items?.properties ? fields(items, [...here, 0]) : []),
      ];
    });
  }

  /**
   * A body the schema accepts as far as sample() can tell: its required fields (nested objects'
   * too, arrays as long as they must be), or its first field where none is required (a change
   * needs one).
   */
  function base(schema: Schema): Record<string, unknown> {
    const resolved = api.resolve(schema);
    const properties = resolved.properties ?? {};
    const names = resolved.required ?? Object.keys(properties).slice(0, 1);
    return Object.fromEntries(names.map((name) => [name, valid(properties[name])]));
  }
  function valid(given: Schema): unknown {
    const field = api.resolve(given);
    if (field.properties) return base(field);
    // a record keyed by an enum (the campaign's texts per language): its first key filled
    const key = field.propertyNames?.enum?.[0];
    if (typeof key === 'string' && typeof field.additionalProperties === 'object') {
      return { [key]: valid(field.additionalProperties) };
    }
    if (field.type === 'array' && field.items) {
      return Array.from({ length: field.minItems ?? 0 }, () => valid(field.items!));
    }
    return sample(field);
  }

  /** The body with `value` at `path` (an array on the way gets its first item). */
  function withValue(schema: Schema, path: (string | number)[], value: unknown) {
    const body = structuredClone(base(schema));
    let node: Record<string | number, unknown> = body;
    let at = api.resolve(schema);
    path.slice(0, -1).forEach((key) => {
      at = api.resolve(typeof key === 'number' ? at.items! : at.properties![key]);
      if (typeof node[key] !== 'object' || node[key] === null) {
        node[key] = at.type === 'array' ? [] : base(at);
      }
      node = node[key] as Record<string | number, unknown>;
    });
    node[path[path.length - 1]] = value;
    return body;
  }

  // ------------------------------------------------------------------ the requests

  function request(entry: OperationEntry, url: string): Test {
    const agent = t.http();
    return agent[entry.method as 'post'](url)
      .set('Cookie', cookie)
      .set('Accept-Language', LANGUAGE)
      .set('X-Request-Type', 'client')
      .set('Idempotency-Key', randomUUID())
      .redirects(0);
  }

  /** The operation's URL with these path values (a valid id for each one not given). */
  function urlOf(entry: OperationEntry, values: Record<string, string> = {}, query = '') {
    const path = entry.path.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '1');
    return query ? `${path}?${query}` : path;
  }

  /** The valid query string of the required parameters, and one parameter replaced. */
  function queryWith(entry: OperationEntry, name: string, raw: string) {
    return [
      ...queryParams(entry)
        .filter((p) => p.required && p.name !== name)
        .map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema ?? {})))}`),
      raw,
    ].join('&');
  }

  interface Expected {
    statuses: number[];
    codes?: string[];
    /** The field the answer must name (its first segment: nested paths differ by library). */
    field?: string;
    /** A 2xx is fine too. */
    success?: boolean;
  }
  interface Case {
    entry: OperationEntry;
    what: string;
    send: () => Test;
    expected: Expected;
  }
  /** What the schema refuses: 400 validation_failed about the field. */
  const refused = (field?: string): Expected => ({
    statuses: [400],
    codes: ['validation_failed'],
    field,
  });
  /** What the schema takes (a page past the end, say): any answer but a failure. */
  const answered: Expected = { statuses: [200, 400, 404], success: true };
  /** What only the service can judge: a 4xx of the error model, never a 5xx. */
  const judged: Expected = { statuses: [400, 404, 409, 413, 415, 422] };
  const NUL = (field: string): Expected => ({
    statuses: [400],
    codes: ['invalid_characters'],
    field,
  });

  /** What is wrong with an answer, or null. */
  function problem(res: { status: number; body: Record<string, unknown> }, expected: Expected) {
    const body = res.body as { error?: string; field?: string; issues?: { field: string }[] };
    const answer = `${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
    if (!expected.statuses.includes(res.status)) return answer;
    if (expected.success && res.status < 300) return null;
    if (!errorBody.safeParse(res.body).success) return `no error body: ${answer}`;
    const code = body.error!;
    // a 404 may name what it did not find (`job_not_found`: a BullMQ job id is any string)
    const known = (wanted: string) =>
      code === wanted || (wanted === 'not_found' && code.endsWith('_not_found'));
    if (expected.codes && !expected.codes.some(known)) return answer;
    const message = translate(LANGUAGE, `errors.${code}`, res.body);
    if (res.body.message !== message || message === `errors.${code}`) {
      return `message not in ${LANGUAGE}: ${answer}`;
    }
    if (expected.field) {
      const top = (path: string) => path.split('.')[0];
      const named = [body.field ?? '', ...(body.issues ?? []).map((issue) => issue.field)];
      if (!named.some((field) => top(field) === top(expected.field!))) {
        return `does not name ${expected.field}: ${answer}`;
      }
    }
    return null;
  }

  // ------------------------------------------------------------------ the database

  /** Tables the request machinery itself writes: the staff guard touches its session. */
  const UNWATCHED = ['_prisma_migrations', 'staff_sessions'];
  /** Tables this large (reference data: the cities) are counted, not hashed: it takes time. */
  const LARGE = 10_000;
  let tables: { name: string; large: boolean }[] = [];

  async function watchedTables() {
    const names = await t.prisma.$queryRaw<{ name: string }[]>`
      SELECT tablename AS name FROM pg_tables
      WHERE schemaname = 'public' AND NOT (tablename = ANY(${UNWATCHED}))`;
    const sizes = await t.prisma.$queryRawUnsafe<{ name: string; rows: number }[]>(
      names
        .map(({ name }) => `SELECT '${name}' AS name, count(*)::int AS rows FROM "${name}"`)
        .join(' UNION ALL '),
    );
    return sizes.map((table) => ({ name: table.name, large: table.rows > LARGE }));
  }

  /** Rows and a hash of their content, per table: any insert, update or delete changes it. */
  async function fingerprint(): Promise<Record<string, string>> {
    const rows = await t.prisma.$queryRawUnsafe<{ name: string; print: string }[]>(
      tables
        .map(
          ({ name, large }) =>
            `SELECT '${name}' AS name, count(*) || ':' || ` +
            `${large ? '0' : 'coalesce(sum(hashtext(r::text)), 0)'} AS print FROM "${name}" r`,
        )
        .join(' UNION ALL '),
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.print]));
  }

  /** Sends each case, grouped by operation; the failures, and writes a refused request made. */
  async function sweep(cases: Case[]): Promise<string[]> {
    const failures: string[] = [];
    const byOperation = new Map<OperationEntry, Case[]>();
    for (const c of cases) byOperation.set(c.entry, [...(byOperation.get(c.entry) ?? []), c]);
    for (const [entry, group] of byOperation) {
      // the sign-in's code limit counts every call: each operation starts with a fresh count
      const limits = await t.redis.keys('ratelimit:*');
      if (limits.length > 0) await t.redis.del(...limits);
      const before = entry.method === 'get' ? null : await fingerprint();
      for (const c of group) {
        const res = await c.send();
        const wrong = problem(res, c.expected);
        if (wrong) failures.push(`${label(entry)} ${c.what}: ${wrong}`);
      }
      if (before) {
        const after = await fingerprint();
        const changed = Object.keys(after).filter((name) => after[name] !== before[name]);
        if (changed.length > 0) failures.push(`${label(entry)} changed ${changed.join(', ')}`);
      }
    }
    return failures;
  }

  /** A JSON body as it is sent (a string: superagent would otherwise re-encode it). */
  const sendJson = (entry: OperationEntry, url: string, json: string) =>
    request(entry, url).set('Content-Type', 'application/json').send(json);

  // ------------------------------------------------------------------ the cases

  const ID_PATTERN = '^[1-9]\\d{0,9}$';
  const BAD_IDS = [
    'abc',
    '-1',
    '0',
    '1.5',
    '0x10',
    '2147483648',
    '9223372036854775808',
    '99999999999999999999999',
    '1%00',
    '%00',
    '1'.repeat(5000),
  ];

  function pathCases(entry: OperationEntry): Case[] {
    return pathParams(entry).flatMap((param) =>
      BAD_IDS.map((raw) => ({
        entry,
        what: `path ${param.name}=${raw.slice(0, 24)}`,
        send: () => {
          const req = request(entry, urlOf(entry, { [param.name]: raw }));
          const body = jsonBody(entry);
          if (body) return req.send(base(body));
          // an upload's id is read before its file: any file will do
          for (const name of fileFields(entry)) req.attach(name, Buffer.from('x'), 'x.jpg');
          return req;
        },
        // a well-formed id of nothing (a bigint's, say) is 404; anything else the schema refuses
        expected: accepts(param.schema ?? {}, decodeURIComponent(raw))
          ? { statuses: [404], codes: ['not_found'] }
          : refused(param.name),
      })),
    );
  }

  const QUERY_VALUES = [
    // a cursor of the right shape: a date that is none, an id beyond PostgreSQL's integer
    '2026-13-45T99:99:99.999Z_1',
    '2026-01-01T00:00:00.000Z_9999999999',
    '999999999999999999',
    'abc',
    '-1',
    '0',
    '1.5',
    '',
    '2147483648',
    '9223372036854775808',
    '99999999999999999999999',
    'x'.repeat(300),
  ];

  function queryCases(entry: OperationEntry): Case[] {
    return queryParams(entry).flatMap((param) => {
      const schema = param.schema ?? {};
      const one = (what: string, raw: string, expected: Expected): Case => ({
        entry,
        what: `query ${param.name}=${what}`,
        send: () => {
          const query = queryWith(entry, param.name, `${param.name}=${raw}`);
          return request(entry, urlOf(entry, {}, query));
        },
        expected,
      });
      return [
        // what the schema refuses must be refused; what it takes must not fail either
        ...QUERY_VALUES.map((value) =>
          one(
            value.slice(0, 40),
            encodeURIComponent(value),
            accepts(schema, value) ? answered : refused(param.name),
          ),
        ),
        // two values where one is expected, and a NUL byte
        one(
          'twice',
          `${encodeURIComponent(String(sample(schema)))}&${param.name}=1`,
          refused(param.name),
        ),
        one('NUL', 'a%00b', NUL(param.name)),
      ];
    });
  }

  /** A value of each kind of JSON: each field gets those its schema refuses. */
  const KINDS: unknown[] = ['x', 12345, true, null, {}, []];
  /** Numbers no whole database number may be: not whole, negative, beyond 2^31 and 2^63. */
  const NUMBERS: unknown[] = [1.5, -1, 2_147_483_648, 2 ** 63, -2_147_483_649];
  const junkFor = (field: Schema) =>
    [...KINDS, ...(['integer', 'number'].includes(field.type ?? '') ? NUMBERS : [])].filter(
      (value) => !accepts(field, value),
    );
  const LONG = 'x'.repeat(100_000);
  /** Fields no staff body has, as raw JSON (a `__proto__` key survives only unparsed). */
  const EXTRA: Record<string, string> = {
    id: '1',
    user_id: '1',
    roles: '["admin"]',
    unknown: '"x"',
    __proto__: '{"admin": true}',
    constructor: '{"prototype": {}}',
  };

  function bodyCases(entry: OperationEntry): Case[] {
    if (entry.method === 'get') return [];
    const url = urlOf(entry);
    const whole = (what: string, json: string, expected: Expected): Case => ({
      entry,
      what,
      send: () => sendJson(entry, url, json),
      expected,
    });
    // any body: not JSON, or over the limit
    const cases: Case[] = [
      whole('a body that is not JSON', '{"reason": ', refused()),
      whole('a body over 100 kB', JSON.stringify({ x: 'x'.repeat(200_000) }), {
        statuses: [413],
        codes: ['payload_too_large'],
      }),
    ];
    const schema = jsonBody(entry);
    if (!schema) return cases;
    const good = base(schema);
    for (const json of ['[]', JSON.stringify([good]), '"text"', '42', 'null', 'true']) {
      cases.push(whole(`the body ${json.slice(0, 40)}`, json, refused()));
    }
    for (const name of api.resolve(schema).required ?? []) {
      const { [name]: _missing, ...rest } = good;
      cases.push(whole(`without ${name}`, JSON.stringify(rest), refused(name)));
      // unknown fields (a client's guess at an id or a role, a prototype) do not stand in for it
      const unknown = Object.entries(EXTRA)
        .filter(([key]) => !(key in (api.resolve(schema).properties ?? {})))
        .map(([key, json]) => `"${key}": ${json}`);
      const extra = `{${[...unknown, JSON.stringify(rest).slice(1, -1)].filter(Boolean).join(', ')}}`;
      cases.push(whole(`unknown fields, without ${name}`, extra, refused(name)));
    }
    for (const [path, field] of fields(schema)) {
      const name = path.join('.');
      const body = (value: unknown) => JSON.stringify(withValue(schema, path, value));
      for (const value of junkFor(field)) {
        cases.push(whole(`${name}=${JSON.stringify(value)}`, body(value), refused(name)));
      }
      if (accepts(field, 'x') || field.type === 'string' || field.enum) {
        cases.push(whole(`${name} with NUL`, body('a\u0000b'), NUL(name)));
        cases.push(
          whole(
            `${name} of 100k characters`,
            body(LONG),
            accepts(field, LONG) ? judged : refused(name),
          ),
        );
      }
    }
    return cases;
  }

  // ------------------------------------------------------------------ the tests

  it('finds the staff operations, with their parameters and bodies, in the OpenAPI description', () => {
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(60);
    expect(routes.filter((entry) => pathParams(entry).length > 0).length).toBeGreaterThanOrEqual(
      30,
    );
    expect(routes.filter((entry) => jsonBody(entry)).length).toBeGreaterThan(25);
    expect(routes.filter((entry) => queryParams(entry).length > 0).length).toBeGreaterThan(5);
  });

  it(
    'answers path ids that are no id of PostgreSQL’s with 400 validation_failed naming them',
    async () => {
      const cases = staffRoutes().flatMap(pathCases);
      expect(cases.length).toBeGreaterThan(300);
      expect(await sweep(cases)).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'answers query values of the wrong kind, repeated or with a NUL with 400 naming them',
    async () => {
      const cases = staffRoutes().flatMap(queryCases);
      expect(cases.length).toBeGreaterThan(40);
      expect(await sweep(cases)).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it(
    'answers bad JSON bodies with 400 naming the field (413 over the limit) and changes no row',
    async () => {
      const cases = staffRoutes().flatMap(bodyCases);
      expect(cases.length).toBeGreaterThan(1000);
      expect(await sweep(cases)).toEqual([]);
    },
    SWEEP_TIMEOUT_MS,
  );

  it('ends a console socket that sends anything, even a broken packet, and goes on answering', async () => {
    const base = await listening(t);
    const sends: ((socket: ClientSocket) => void)[] = [
      ...(['a\u0000b', 'x'.repeat(100_000), [1, 2], { __proto__: 1 }, null] as unknown[]).map(
        (payload) => (socket: ClientSocket) => socket.emit('typing', payload as never),
      ),
      (socket) => socket.emit('delivered', { conversation_id: 2 ** 63, seq: -1 }),
      // a frame no socket.io client writes: an event packet of broken JSON
      (socket) =>
        (socket.io.engine as unknown as { send: (frame: string) => void }).send(
          `42${STAFF_SOCKET_NAMESPACE},["typing",{`,
        ),
    ];
    for (const send of sends) {
      const console_ = await connect(base, cookie, { namespace: STAFF_SOCKET_NAMESPACE });
      let ended = false;
      console_.socket.on('disconnect', () => (ended = true));
      send(console_.socket);
      await eventually(() => ended);
    }
    const me = await t.http().get('/api/staff/me').set('Cookie', cookie).expect(200);
    expect(me.body.staff).not.toBeNull();
  });
});
