import { boostBlocker, boostEnd, freeBoost } from './boost-rules';

const now = new Date('2026-11-29T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

describe('boost rules', () => {
  it('ends a boost thirty minutes after it starts', () => {
    expect(boostEnd(now).toISOString()).toBe('2026-11-29T12:30:00.000Z');
  });

  it('never gives a free boost to a member who is not premium', () => {
    expect(freeBoost(false, null, now)).toEqual({ free: false, nextFreeAt: null });
  });

  it('gives a premium member a free boost when none was free in the last seven days', () => {
    expect(freeBoost(true, null, now)).toEqual({ free: true, nextFreeAt: null });
    expect(freeBoost(true, daysAgo(7), now)).toEqual({ free: true, nextFreeAt: null });
  });

  it('tells a premium member who used the free boost when the next one is free', () => {
    expect(freeBoost(true, daysAgo(2), now)).toEqual({ free: false, nextFreeAt: daysAgo(-5) });
  });

  it('refuses a boost to a profile search does not show, and to one without a region', () => {
    const listed = { regionId: 3, status: 'active', invisible: false };
    expect(boostBlocker(listed)).toBeNull();
    expect(boostBlocker(null)).toBe('not_listed');
    expect(boostBlocker({ ...listed, invisible: true })).toBe('not_listed');
    expect(boostBlocker({ ...listed, status: 'disabled' })).toBe('not_listed');
    expect(boostBlocker({ ...listed, regionId: null })).toBe('no_region');
  });
});
