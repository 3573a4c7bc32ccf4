import { createHmac } from 'node:crypto';
import { MediaSigner } from './media-signer';
import type { AppConfig } from '../config/config';

const signer = (secret: string) => new MediaSigner({ MEDIA_SECRET: secret } as AppConfig);

describe('MediaSigner', () => {
  it.each([
    ['a key shorter than a block', 'a-secret-of-thirty-two-characters!!'],
    ['a key longer than a block', 'k'.repeat(100)],
  ])('signs exactly as HMAC-SHA256 does, with %s', (_name, secret) => {
    const wanted = createHmac('sha256', secret)
      .update('photos/abc-full.webp\n1700000000\npublic')
      .digest('base64url')
      .slice(0, 32);
    expect(signer(secret).signature('photos/abc-full.webp', 1_700_000_000, 'public')).toBe(wanted);
  });

  it('accepts its own URL until it expires, and nothing changed in it', () => {
    const s = signer('a-secret-of-thirty-two-characters!!');
    const now = Date.UTC(2026, 10, 23, 14, 30);
    const url = new URL(s.url('photos', 'abc-card.webp', 'public', now), 'http://x');
    const query = Object.fromEntries(url.searchParams);
    expect(s.verify('photos', 'abc-card.webp', query, now)).toBe('public');
    // valid one to two hours: the same URL all hour
    expect(s.url('photos', 'abc-card.webp', 'public', now + 20 * 60_000)).toBe(
      url.pathname + url.search,
    );
    expect(s.verify('photos', 'abc-card.webp', query, now + 2 * 3_600_000)).toBeNull();
    expect(s.verify('photos', 'abc-full.webp', query, now)).toBeNull();
    expect(s.verify('photos', 'abc-card.webp', { ...query, v: 'o' }, now)).toBeNull();
    expect(
      signer('another-secret-of-thirty-two-chars!').verify('photos', 'abc-card.webp', query, now),
    ).toBeNull();
  });
});
