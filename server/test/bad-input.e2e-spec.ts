import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { openApiDocument } from '../src/app';
import { AUTH_COOKIE, STAFF_COOKIE } from '@app/contract';
import { StaffSessions } from '../src/staff';
import { SessionService } from '../src/auth/session.service';
import { describeApi, sample, SWEEP_TIMEOUT_MS } from './helpers/openapi';
import { useTestApp } from './helpers/test-app';
import { takeChallenge } from './helpers/challenge';

/**
 * Bad input never gives a 5xx: each case of the security review's L1 with the answer it must
 * get, then a fuzz pass that sends hostile bodies and query strings to every endpoint of the
 * OpenAPI description and accepts any answer but a 5xx.
 */
describe('bad input', () => {
  const t = useTestApp();

  /** A member's session (with staff roles: also a staff session, for the staff routes). */
  async function session(roles: ('admin' | 'operator' | 'moderator')[] = []): Promise<string> {
    const user = await t.prisma.user.create({
      data: {
        email: `fuzz${Date.now()}${Math.random()}@example.test`,
        status: 'confirmed',
        roles,
      },
    });
    await t.prisma.profile.create({
      data: {
        userId: user.id,
        name: 'Fuzz',
        gender: 'male',
        dateOfBirth: new Date('1990-01-01'),
        countryCode: 'NL',
        status: 'active',
      },
    });
    const { token } = await t.app.get(SessionService).create(user.id, {});
    if (roles.length === 0) return `${AUTH_COOKIE}=${token}`;
    // and the console's staff session, so staff routes are fuzzed past their guard too
    const staff = await t.app.get(StaffSessions).create(user.id, roles, {});
    return `${AUTH_COOKIE}=${token}; ${STAFF_COOKIE}=${staff.token}`;
  }

  const post = (path: string) => t.http().post(path).set('X-Request-Type', 'client');
  const raw = (path: string, body: Buffer, headers: Record<string, string>) => {
    const req = post(path);
    for (const [name, value] of Object.entries(headers)) req.set(name, value);
    // the bytes as they are: superagent would otherwise serialise a Buffer as JSON
    return req.serialize((bytes: Buffer) => bytes as unknown as string).send(body);
  };

  describe('the cases of the review', () => {
    it('answers a NUL byte in a text field with 400 invalid_characters naming the field', async () => {
      const login = await post('/api/user.php')
        .send({ email: 'a\u0000b@example.test', password: 'x' })
        .expect(400);
      expect(login.body).toMatchObject({ error: 'invalid_characters', field: 'email' });
      await post('/api/reset-password.php').send({ email: '\u0000' }).expect(400);
      const signup = await post('/api/signup.php')
        .send({
          email: `nul${Date.now()}@example.test`,
          name: 'Nul\u0000',
          password: 'geheim-12345',
          date_of_birth: '1990-01-01',
          gender: 'male',
          signup_message: 'hoi\u0001',
          altcha: takeChallenge(),
          accept_terms: true,
          accept_fictional: true,
        })
        .expect(400);
      expect(signup.body.error).toBe('invalid_characters');
      const cookie = await session();
      await post('/api/account-delete.php')
        .set('Cookie', cookie)
        .send({ confirm: true, reason: 'other', remarks: 'weg\u0000', password: 'x' })
        .expect(400);
      // nothing was lost: the member is still there and logged in
      expect((await t.http().get('/api/user.php').set('Cookie', cookie)).body.user).not.toBeNull();
    });

    it.each(['2147483648', '99999999999', '0x10', '1e3', '-1', '0', ''])(
      'answers member.php?id=%s with 400',
      async (id) => {
        const res = await t.http().get(`/api/member.php?id=${id}`).expect(400);
        expect(res.body.error).toBe('validation_failed');
      },
    );

    it('answers an empty latitude with 400, not as the point 0,0', async () => {
      await t.http().get('/api/geocode.php?lat=&lon=').expect(400);
    });

    it('answers "constructor" or "__proto__" as a host or forced domain like any unknown domain', async () => {
      for (const domain of ['constructor', 'hasOwnProperty', 'toString', 'valueOf']) {
        const forced = await t.http().get(`/api/settings.php?forced_domain=${domain}`).expect(200);
        expect(forced.body.domain_language).toBe('nl-NL');
      }
      for (const host of ['constructor', '__proto__', 'hasOwnProperty']) {
        const res = await t.http().get('/api/settings.php').set('Host', host).expect(200);
        expect(res.body.domain_language).toBe('nl-NL');
      }
      // not a domain name at all: refused, not answered by Object.prototype
      await t.http().get('/api/settings.php?forced_domain=__proto__').expect(400);
    });

    it('answers a body that is too large with 413 payload_too_large', async () => {
      const big = JSON.stringify({ email: 'x'.repeat(1_000_000), password: 'x' });
      const res = await raw('/api/user.php', Buffer.from(big), {
        'Content-Type': 'application/json',
      }).expect(413);
      expect(res.body.error).toBe('payload_too_large');
    });

    it('answers a gzip bomb with 413 without inflating it all', async () => {
      const bomb = gzipSync(Buffer.from(`{"email":"${'a'.repeat(50_000_000)}"}`));
      expect(bomb.length).toBeLessThan(100_000);
      await raw('/api/user.php', bomb, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
      }).expect(413);
    });

    it.each([
      [{ 'Content-Type': 'application/json; charset=latin1' }, 415, 'unsupported_media_type'],
      [
        { 'Content-Type': 'application/json', 'Content-Encoding': 'xyz' },
        415,
        'unsupported_media_type',
      ],
      [
        { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
        400,
        'validation_failed',
      ],
      [
        { 'Content-Type': 'application/json', 'Content-Encoding': 'deflate' },
        400,
        'validation_failed',
      ],
    ])('answers a body sent with %j with %s', async (headers, status, code) => {
      const res = await raw('/api/user.php', Buffer.from('{"email":"a"'), headers).expect(status);
      expect(res.body.error).toBe(code);
    });

    it('answers malformed JSON with 400', async () => {
      await raw('/api/user.php', Buffer.from('{"email": '), {
        'Content-Type': 'application/json',
      }).expect(400);
    });
  });

  describe('ids in JSON bodies beyond PostgreSQL’s integer (security review 2026-11-25, L2)', () => {
    const TOO_BIG = 3_000_000_000;
    const complaint = { subject: 'Onderwerp', message: 'Wat er gebeurde' };
    it.each([
      ['POST', '/api/like.php', 'member', { member: TOO_BIG }],
      ['DELETE', '/api/like.php', 'member', { member: TOO_BIG }],
      ['POST', '/api/block.php', 'member', { member: TOO_BIG }],
      ['DELETE', '/api/block.php', 'member', { member: TOO_BIG }],
      ['POST', '/api/swipe.php', 'member', { member: TOO_BIG, choice: 'like' }],
      ['POST', '/api/complaint.php', 'member', { about: 'member', member: TOO_BIG, ...complaint }],
      ['POST', '/api/complaint.php', 'photo', { about: 'photo', photo: TOO_BIG, ...complaint }],
      [
        'POST',
        '/api/complaint.php',
        'message_id',
        { about: 'message', message_id: TOO_BIG, ...complaint },
      ],
      ['POST', '/api/directdebit-code.php', 'mandate', { mandate: TOO_BIG }],
      ['POST', '/api/directdebit-confirm.php', 'mandate', { mandate: TOO_BIG, otp: '123456' }],
      ['POST', '/api/repeat-order.php', 'mandate', { mandate: TOO_BIG }],
      ['POST', '/api/payment.php', 'package', { package: TOO_BIG, method: 'ideal' }],
      ['POST', '/api/photo-moderation.php', 'photo', { photo: TOO_BIG, action: 'approve' }],
      ['PUT', '/api/photo.php', 'photo', { photo: TOO_BIG, main: true }],
      ['DELETE', '/api/photo.php', 'photo', { photo: TOO_BIG }],
      ['POST', '/api/message.php', 'gift', { type: 'gift', member: 1, gift: TOO_BIG }],
      ['POST', '/api/chat-read.php', 'conversation', { conversation: TOO_BIG, seq: 1 }],
      ['DELETE', '/api/chat.php', 'conversation', { conversation: TOO_BIG }],
      ['POST', '/api/operator-reply.php', 'conversation', { conversation: TOO_BIG, text: 'Hoi' }],
    ])(
      'answers %s %s with a %s above 2^31 with 400 validation_failed',
      async (method, path, _field, body) => {
        const cookie = await session(['admin', 'moderator', 'operator']);
        const agent = t.http();
        const res = await agent[method.toLowerCase() as 'post'](path)
          .set('Cookie', cookie)
          .set('X-Request-Type', 'client')
          .set('Idempotency-Key', randomUUID())
          .send(body);
        expect([res.status, res.body.error]).toEqual([400, 'validation_failed']);
      },
    );
  });

  describe('every endpoint', () => {
    const STRINGS = [
      'a\u0000b',
      '\u0007bell',
      '\ud800',
      'x'.repeat(5000),
      'constructor',
      '__proto__',
      '2147483648',
      '-1',
      '0x10',
      '',
      '\u202eevil',
    ];
    /** encodeURIComponent refuses a lone surrogate: send it as the replacement bytes. */
    const encode = (value: string) =>
      encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'));
    const VALUES: unknown[] = [
      ...STRINGS,
      2147483648,
      -1,
      1e308,
      null,
      true,
      [],
      {},
      [{ a: 1 }],
      { __proto__: { admin: true } },
    ];
    const FIELDS = [
      'email',
      'password',
      'password_repeat',
      'old_password',
      'name',
      'token',
      'language',
      'reason',
      'remarks',
      'confirm',
      'date_of_birth',
      'gender',
      'country',
      'invite',
      'id',
      'conversation',
      'accept_terms',
    ];

    function bodies(): unknown[] {
      const out: unknown[] = [[], 'text', 42, null];
      for (const value of VALUES) {
        out.push(Object.fromEntries(FIELDS.map((field) => [field, value])));
      }
      out.push(JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}'));
      return out;
    }

    it(
      'never answers 5xx, whatever is sent to any path, with or without a session',
      async () => {
        const doc = openApiDocument(t.app) as unknown as {
          paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
        };
        const failures: string[] = [];
        let requests = 0;
        for (const [path, operations] of Object.entries(doc.paths)) {
          for (const [method, operation] of Object.entries(operations)) {
            const queryNames = (operation.parameters ?? [])
              .filter((p) => p.in === 'query')
              .map((p) => p.name);
            for (const withSession of [false, true]) {
              const cookie = withSession ? await session() : undefined;
              const attempts: (() => Promise<{ status: number }>)[] = [];
              const names = [...queryNames, 'id', 'token', 'forced_domain'];
              for (const value of STRINGS) {
                // a long value goes to one parameter at a time: all of them at once would pass
                // Node's 16 KB header limit (431 and a closed socket, before our code runs)
                const groups = value.length > 1000 ? names.map((name) => [name]) : [names];
                for (const group of groups) {
                  const query = group.map((name) => `${name}=${encode(value)}`).join('&');
                  attempts.push(() => {
                    const agent = t.http();
                    const req = agent[method as 'get'](`${path}?${query}`)
                      .set('X-Request-Type', 'client')
                      .redirects(0);
                    return cookie ? req.set('Cookie', cookie) : req;
                  });
                }
              }
              if (method !== 'get') {
                for (const body of bodies()) {
                  attempts.push(() => {
                    const agent = t.http();
                    const req = agent[method as 'post'](path)
                      .set('X-Request-Type', 'client')
                      .set('Content-Type', 'application/json');
                    return (cookie ? req.set('Cookie', cookie) : req).send(JSON.stringify(body));
                  });
                }
              }
              for (const attempt of attempts) {
                requests += 1;
                const res = await attempt();
                if (res.status >= 500)
                  failures.push(`${method.toUpperCase()} ${path}: ${res.status}`);
              }
            }
          }
        }
        expect(requests).toBeGreaterThan(200);
        expect(failures).toEqual([]);
        // thousands of requests, more with every endpoint: longer than jest's default 30 s
      },
      SWEEP_TIMEOUT_MS,
    );

    /** Numbers no database id may be: beyond `integer`, beyond a double's integers, not whole. */
    const BAD_IDS = [3_000_000_000, 2_147_483_648, 2 ** 53, 2 ** 63, -1, 0, 1.5];

    it(
      'never answers 5xx to an id beyond PostgreSQL’s integer, or not a whole number, in any integer field of any JSON body',
      async () => {
        const { operations, resolve } = describeApi(t.app);
        const cookie = await session(['admin', 'moderator', 'operator']);
        const failures: string[] = [];
        let requests = 0;
        for (const { method, path, operation } of operations) {
          const json = operation.requestBody?.content?.['application/json'];
          if (!json) continue;
          const top = resolve(json.schema);
          for (const variant of (top.oneOf ?? top.anyOf ?? [top]).map(resolve)) {
            const properties = variant.properties ?? {};
            const required = variant.required ?? [];
            const base = Object.fromEntries(
              required.map((name) => [name, sample(properties[name])]),
            );
            // each value of a required choice (a complaint about a member, a photo, a message)
            const bases = [
              base,
              ...required.flatMap((name) =>
                (resolve(properties[name]).enum ?? [])
                  .filter((value) => value !== null)
                  .map((value) => ({ ...base, [name]: value })),
              ),
            ];
            const ids = Object.entries(properties)
              .filter(([, field]) => resolve(field).type === 'integer')
              .map(([name]) => name);
            for (const body of bases) {
              for (const name of ids) {
                for (const value of BAD_IDS) {
                  requests += 1;
                  const agent = t.http();
                  const res = await agent[method as 'post'](path)
                    .set('Cookie', cookie)
                    .set('X-Request-Type', 'client')
                    .set('Idempotency-Key', randomUUID())
                    .send({ ...body, [name]: value });
                  if (res.status >= 500) {
                    failures.push(
                      `${method.toUpperCase()} ${path} ${name}=${value}: ${res.status}`,
                    );
                  }
                }
              }
            }
          }
        }
        // like, block, swipe, complaint, photos, chats, payments, direct debit, profile, ...
        expect(requests).toBeGreaterThan(150);
        expect(failures).toEqual([]);
      },
      SWEEP_TIMEOUT_MS,
    );
  });
});
