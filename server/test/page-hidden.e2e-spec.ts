import { SITE_ROUTES } from '@app/contract';
import { useTestApp } from './helpers/test-app';

describe('the page-bounce beacon (POST /api/page-hidden.php)', () => {
  const t = useTestApp();

  const today = () => `page_bounces:${new Date().toISOString().slice(0, 10)}`;
  /** As navigator.sendBeacon sends it: JSON, no X-Request-Type and (no-referrer) no Referer. */
  const beacon = (body: string) =>
    t.http().post('/api/page-hidden.php').type('application/json').send(body);

  it('counts a bounce for the page in the beacon’s body, sent without X-Request-Type and without a Referer', async () => {
    await t.redis.hdel(today(), '/login');
    await beacon(JSON.stringify({ path: '/login' })).expect(200, { ok: true });
    await beacon(JSON.stringify({ path: '/LOGIN/' })).expect(200);
    expect(await t.redis.hget(today(), '/login')).toBe('2');
  });

  it('folds a page with a slug or an id into its route', async () => {
    await t.redis.hdel(today(), '/landers/video/:slug?', '/members/:id', '/privacy');
    for (const path of ['/landers/video', '/landers/video/zomer-actie', '/landers/video/x?lb=1']) {
      await beacon(JSON.stringify({ path })).expect(200);
    }
    await beacon(JSON.stringify({ path: '/members/42' })).expect(200);
    await beacon(JSON.stringify({ path: '/members/43' })).expect(200);
    expect(await t.redis.hget(today(), '/landers/video/:slug?')).toBe('3');
    expect(await t.redis.hget(today(), '/members/:id')).toBe('2');
    expect(await t.redis.hexists(today(), '/landers/video/zomer-actie')).toBe(0);
    expect(await t.redis.hexists(today(), '/members/42')).toBe(0);
  });

  it('counts every path that is not a page of the site, and a beacon without one, in one bucket', async () => {
    const before = Number((await t.redis.hget(today(), 'other')) ?? 0);
    for (const path of [
      '/arbitrary-invented-path',
      '/api/user.php',
      '/admin/nope/x',
      'x'.repeat(300),
    ]) {
      await beacon(JSON.stringify({ path })).expect(200);
    }
    // the spec's empty body, and a forged Referer, which is not read any more
    await t
      .http()
      .post('/api/page-hidden.php')
      .set('Host', 'vonkje.test')
      .set('Referer', 'http://vonkje.test/secret-path')
      .send({})
      .expect(200);
    expect(Number(await t.redis.hget(today(), 'other'))).toBe(before + 5);
    const fields = await t.redis.hkeys(today());
    expect(fields.filter((f) => /invented|secret|user\.php|nope|xxxx/.test(f))).toEqual([]);
    // at most one field a route, whatever anyone sends
    expect(fields.length).toBeLessThanOrEqual(SITE_ROUTES.length + 1);
    await t.http().post('/api/page-hidden.php').type('text/plain').send('x').expect(400);
  });
});
