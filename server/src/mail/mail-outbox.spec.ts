import { MAIL_ATTEMPTS, mailRetryDelay } from './mail-outbox.service';

describe('mail retries', () => {
  it('keep trying for more than a day before giving a mail up', () => {
    let total = 0;
    for (let attempt = 1; attempt < MAIL_ATTEMPTS; attempt++) total += mailRetryDelay(attempt);
    expect(total).toBeGreaterThan(24 * 3_600_000);
  });

  it('retry soon at first and at most hourly later', () => {
    expect(mailRetryDelay(1)).toBe(5_000);
    expect(mailRetryDelay(2)).toBe(10_000);
    expect(mailRetryDelay(30)).toBe(3_600_000);
  });
});
