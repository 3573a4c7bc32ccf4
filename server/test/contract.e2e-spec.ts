import {
  SHARED_CATALOGUES,
  companyInfoResponse,
  geocodeResponse,
  healthResponse,
  interestsResponse,
  loggedInResponse,
  memberResponse,
  regionsResponse,
  settingsResponse,
  signupMatchesResponse,
  userResponse,
} from '@app/contract';
import { seedMember } from '../../prisma/seed/member';
import { openApiDocument } from '../src/app';
import { loginSeededMember, signupBody } from './helpers/accounts';
import { useTestApp } from './helpers/test-app';

/** The server keeps the contract: its OpenAPI description and its answers. */
describe('the contract', () => {
  const t = useTestApp();

  it('describes an answer with a schema for every operation (or the redirect a link gives)', () => {
    const doc = openApiDocument(t.app) as unknown as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    };
    const missing: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const responses = operation.responses ?? {};
        const described = Object.entries(responses).some(
          ([status, response]) =>
            (status.startsWith('2') && response.content !== undefined) || status === '302',
        );
        if (!described) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(operations).toBeGreaterThan(20);
    expect(missing).toEqual([]);
  });

  it('answers in the shapes the contract gives, for visitors and members', async () => {
    const http = () => t.http();
    const other = await seedMember(t.seedClient, { passwordCost: 4 });
    const { cookies } = await loginSeededMember(t);
    const cookie = cookies
      .split('\n')
      .map((line) => line.split(';')[0])
      .join('; ');
    type Schema = { safeParse: (v: unknown) => { success: boolean; error?: { issues: unknown } } };
    const checks: [string, Schema, () => Promise<{ body: unknown }>][] = [
      ['settings', settingsResponse, () => http().get('/api/settings.php').expect(200)],
      ['interests', interestsResponse, () => http().get('/api/interests.php').expect(200)],
      ['regions', regionsResponse, () => http().get('/api/regions.php?country=NL').expect(200)],
      ['companyinfo', companyInfoResponse, () => http().get('/api/companyinfo.php').expect(200)],
      [
        'geocode',
        geocodeResponse,
        () => http().get('/api/geocode.php?lat=52.09&lon=5.12').expect(200),
      ],
      ['health', healthResponse, () => http().get('/api/health').expect(200)],
      ['visitor', userResponse, () => http().get('/api/user.php').expect(200)],
      ['member', userResponse, () => http().get('/api/user.php').set('Cookie', cookie).expect(200)],
      [
        'card',
        memberResponse,
        () => http().get(`/api/member.php?id=${other.profile.id}`).expect(200),
      ],
      [
        'matches',
        signupMatchesResponse,
        () => http().get('/api/signup-matches.php').set('Cookie', cookie).expect(200),
      ],
      [
        'signup',
        loggedInResponse,
        () =>
          http()
            .post('/api/signup.php')
            .set('X-Request-Type', 'client')
            .send(signupBody())
            .expect(201),
      ],
    ];
    for (const [name, schema, call] of checks) {
      const result = schema.safeParse((await call()).body);
      expect({ name, issues: result.error?.issues }).toEqual({ name, issues: undefined });
    }
  });

  describe('validation messages', () => {
    const dutch = new Set(
      [
        ...Object.values(SHARED_CATALOGUES.nl.validation),
        ...Object.values(SHARED_CATALOGUES.nl.errors),
      ].map((text) => text.replace(/\{\w+\}/g, '')),
    );
    const isDutch = (message: string) =>
      [...dutch].some((text) => message.replace(/\d+/g, '') === text.replace(/\d+/g, ''));

    it('tells a Dutch member in Dutch what is wrong with each field', async () => {
      const res = await t
        .http()
        .post('/api/signup.php')
        .set('X-Request-Type', 'client')
        .send({ ...signupBody(), gender: 'other', name: 'x'.repeat(41), accept_terms: 'ja' })
        .unset('Accept-Language');
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Controleer de ingevulde gegevens.');
      const byField = Object.fromEntries(
        (res.body.issues as { field: string; message: string }[]).map((i) => [i.field, i.message]),
      );
      expect(byField).toEqual({
        gender: 'Kies een van de mogelijkheden.',
        name: 'Gebruik hoogstens 40 tekens.',
        accept_terms: 'Deze waarde is niet geldig.',
      });
      const missing = await t
        .http()
        .put('/api/user.php')
        .set('X-Request-Type', 'client')
        .send({})
        .expect(403);
      expect(missing.body.error).toBe('authentication_required');
    });

    it('answers in the language the member reads the site in', async () => {
      const res = await t
        .http()
        .post('/api/user.php')
        .set('X-Request-Type', 'client')
        .set('Accept-Language', 'en')
        .send({ email: 'a@example.test' })
        .expect(400);
      expect(res.body.issues).toEqual([
        { field: 'password', message: 'Please fill in this field.' },
      ]);
    });

    it('never passes zod’s own English on, whatever the input', async () => {
      const bodies = [{}, { email: 1 }, { email: 'x'.repeat(300), password: [] }, [], 'x'];
      for (const body of bodies) {
        for (const path of ['/api/user.php', '/api/signup.php', '/api/reset-password-do.php']) {
          const res = await t
            .http()
            .post(path)
            .set('X-Request-Type', 'client')
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(body));
          if (res.body.error !== 'validation_failed') continue;
          for (const issue of (res.body.issues ?? []) as { message: string }[]) {
            expect([issue.message, isDutch(issue.message)]).toEqual([issue.message, true]);
          }
        }
      }
    });
  });
});
