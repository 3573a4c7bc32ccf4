/**
 * The soak's arithmetic (soak-stats.ts). Run by `npm run test:perf` (node:test, types stripped
 * by Node); the soak itself is a benchmark (`npm run bench:soak`), not a test.
 */
/* eslint-disable @typescript-eslint/no-floating-promises -- node:test's describe and it return
   promises its runner awaits */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountDeliveries, exactlyOnce, fitSlope, heapTrend, percentiles } from './soak-stats.ts';

describe('the soak’s message accounting', () => {
  it('finds every accepted message received exactly once clean', () => {
    const account = accountDeliveries(
      ['a', 'b', 'c'],
      new Map([
        ['a', 1],
        ['b', 1],
        ['c', 1],
      ]),
    );
    assert.deepEqual(account, { sent: 3, delivered: 3, lost: [], duplicated: {}, unexpected: [] });
    assert.equal(exactlyOnce(account), true);
  });

  it('names a message that never arrived as lost', () => {
    const account = accountDeliveries(['a', 'b'], new Map([['a', 1]]));
    assert.deepEqual(account.lost, ['b']);
    assert.equal(account.delivered, 1);
    assert.equal(exactlyOnce(account), false);
  });

  it('names a message that arrived twice as duplicated, with how often', () => {
    const account = accountDeliveries(
      ['a', 'b'],
      new Map([
        ['a', 2],
        ['b', 1],
      ]),
    );
    assert.deepEqual(account.duplicated, { a: 2 });
    assert.equal(account.delivered, 2);
    assert.equal(exactlyOnce(account), false);
  });

  it('names a message received without an accepted send as unexpected', () => {
    const account = accountDeliveries(
      ['a'],
      new Map([
        ['a', 1],
        ['x', 1],
      ]),
    );
    assert.deepEqual(account.unexpected, ['x']);
    assert.equal(exactlyOnce(account), false);
  });

  it('counts a message sent twice under one id once', () => {
    assert.equal(accountDeliveries(['a', 'a'], new Map([['a', 1]])).sent, 1);
  });
});

describe('the soak’s slope fit', () => {
  it('recovers the slope and intercept of points on a line, with no error', () => {
    const fit = fitSlope([0, 1, 2, 3, 4].map((x) => ({ x, y: 10 + 2.5 * x })));
    assert.ok(Math.abs(fit.slope - 2.5) < 1e-12);
    assert.ok(Math.abs(fit.intercept - 10) < 1e-12);
    assert.ok(fit.stderr < 1e-9);
  });

  it('gives a standard error that grows with the scatter around the line', () => {
    const noise = [0.3, -0.2, 0.4, -0.5, 0.1, -0.1];
    const quiet = fitSlope(noise.map((e, x) => ({ x, y: x + e })));
    const loud = fitSlope(noise.map((e, x) => ({ x, y: x + 10 * e })));
    assert.ok(loud.stderr > 5 * quiet.stderr);
  });

  it('cannot tell a slope’s error from fewer than three points', () => {
    assert.equal(fitSlope([{ x: 1, y: 1 }]).stderr, Infinity);
    assert.equal(fitSlope([]).n, 0);
  });
});

describe('the soak’s heap trend', () => {
  const minutes = (mb: (minute: number) => number) =>
    Array.from({ length: 30 }, (_, i) => ({ minute: i + 1, mb: mb(i + 1) }));
  const wobble = (minute: number) => [0.8, -0.6, 0.3, -0.9, 0.5][minute % 5];

  it('calls a heap that only wobbles after the warm-up flat', () => {
    const trend = heapTrend(
      minutes((m) => (m <= 5 ? 40 + 8 * m : 90 + wobble(m))),
      5,
    );
    assert.equal(trend.n, 25);
    assert.equal(trend.verdict, 'flat');
  });

  it('calls a heap that grows 0.5 MB a minute growing, 30 MB an hour', () => {
    const trend = heapTrend(
      minutes((m) => 90 + 0.5 * m + wobble(m)),
      5,
    );
    assert.ok(Math.abs(trend.mbPerHour - 30) < 3);
    assert.equal(trend.verdict, 'growing');
  });

  it('calls a heap that settles lower after the warm-up falling, not growing', () => {
    const trend = heapTrend(
      minutes((m) => 125 - 0.6 * m + wobble(m)),
      5,
    );
    assert.ok(Math.abs(trend.mbPerHour + 36) < 3);
    assert.equal(trend.verdict, 'falling');
  });

  it('leaves the warm-up out of the fit', () => {
    const trend = heapTrend(
      minutes((m) => (m <= 5 ? 10 * m : 100)),
      5,
    );
    assert.equal(trend.mbPerHour, 0);
  });

  it('does not call two points after the warm-up flat', () => {
    assert.equal(heapTrend(minutes(() => 100).slice(0, 3), 1).verdict, 'unknown');
  });
});

describe('the soak’s percentiles', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    assert.deepEqual(percentiles(values), { p50: 50, p95: 95, p99: 99, max: 100 });
    assert.deepEqual(percentiles([]), { p50: 0, p95: 0, p99: 0, max: 0 });
  });
});
