import { useTestApp } from './helpers/test-app';

describe('the page-bounce beacon (POST /api/page-hidden.php)', () => {
  const t = useTestApp();

  const today = () => `page_bounces:${new Date().toISOString().slice(0, 10)}`;

  it('counts a bounce for the page left, sent as a beacon without X-Request-Type', async () => {
    const beacon = () =>
      t
        .http()
        .post('/api/page-hidden.php')
        .set('Host', 'vonkje.test')
        .set('Referer', 'http://vonkje.test/landers/video?lb=1&ref=x')
        .type('application/json')
        .send('{}');
    await beacon().expect(200, { ok: true });
    await beacon().expect(200);
    expect(await t.redis.hget(today(), '/landers/video')).toBe('2');
  });

  it('keeps no other site’s addresses and answers a body that is not JSON with a 400', async () => {
    await t
      .http()
      .post('/api/page-hidden.php')
      .set('Host', 'vonkje.test')
      .set('Referer', 'https://elsewhere.example/secret-path')
      .send({})
      .expect(200);
    expect(await t.redis.hget(today(), '/secret-path')).toBeNull();
    expect(Number(await t.redis.hget(today(), 'unknown'))).toBeGreaterThan(0);
    await t.http().post('/api/page-hidden.php').type('text/plain').send('x').expect(400);
  });
});
