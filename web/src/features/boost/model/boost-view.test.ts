import type { BoostStatusResponse } from '@app/contract';
import { boostView, minutesLeft } from './boost-view';

const status = (over: Partial<BoostStatusResponse> = {}): BoostStatusResponse => ({
  boost: null,
  price: 50,
  minutes: 30,
  credits: 80,
  premium: false,
  free_available: false,
  next_free_at: null,
  region: 'Utrecht',
  blocker: null,
  ...over,
});
const running = {
  id: 1,
  started_at: '2026-11-29T12:00:00.000Z',
  ends_at: '2026-11-29T12:30:00.000Z',
  credits: 50,
  free: false,
};

describe('boostView', () => {
  it('shows a running boost before anything else', () => {
    expect(boostView(status({ boost: running, credits: 0, free_available: true }))).toEqual({
      kind: 'running',
      endsAt: running.ends_at,
    });
  });

  it('names what stands in the way before offering a boost', () => {
    expect(boostView(status({ blocker: 'no_region', free_available: true }))).toEqual({
      kind: 'blocked',
      blocker: 'no_region',
    });
  });

  it('offers a premium member the free boost even without credits', () => {
    expect(boostView(status({ premium: true, free_available: true, credits: 0 }))).toEqual({
      kind: 'free',
    });
  });

  it('sends a member with too few credits to the shop, saying how many are missing', () => {
    expect(boostView(status({ credits: 20 }))).toEqual({ kind: 'short', price: 50, missing: 30 });
    expect(boostView(status({ credits: 50 }))).toEqual({ kind: 'buy', price: 50 });
  });
});

describe('minutesLeft', () => {
  it('rounds up to whole minutes and stops at zero', () => {
    const end = Date.parse(running.ends_at);
    expect(minutesLeft(running.ends_at, end - 29 * 60_000 - 1)).toBe(30);
    expect(minutesLeft(running.ends_at, end - 60_000)).toBe(1);
    expect(minutesLeft(running.ends_at, end + 5_000)).toBe(0);
  });
});
