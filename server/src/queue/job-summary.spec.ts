import { HIDDEN, summarizeFailure, summarizePayload } from './job-summary';

describe('what the console shows of a job', () => {
  it('shows numbers, yes/no and id-like strings of a payload', () => {
    expect(
      summarizePayload({ userId: 5, requestId: 7, reqId: 'req-1a2b', retry: true, intentId: 9 }),
    ).toEqual({ userId: 5, requestId: 7, reqId: 'req-1a2b', retry: true, intentId: 9 });
  });

  it('hides texts, objects and lists, whatever the producer put in', () => {
    expect(
      summarizePayload({
        email: 'ann@example.com',
        body: 'hello',
        recipientId: 'ann@example.com',
        profile: { name: 'Ann' },
        ids: [1, 2],
      }),
    ).toEqual({
      email: HIDDEN,
      body: HIDDEN,
      recipientId: HIDDEN,
      profile: HIDDEN,
      ids: HIDDEN,
    });
  });

  it('shows nothing of a payload that is not an object', () => {
    expect(summarizePayload('ann@example.com')).toEqual({});
    expect(summarizePayload(null)).toEqual({});
    expect(summarizePayload([1, 2])).toEqual({});
  });

  it('takes e-mail and IP addresses out of a failure and cuts a long one', () => {
    expect(summarizeFailure('550 <ann@example.com> rejected by 192.168.1.20')).toBe(
      `550 <${HIDDEN}> rejected by ${HIDDEN}`,
    );
    expect(summarizeFailure('connect ECONNREFUSED 2001:db8:0:0:0:0:0:1')).toBe(
      `connect ECONNREFUSED ${HIDDEN}`,
    );
    expect(summarizeFailure('x'.repeat(1000))?.length).toBe(300);
    expect(summarizeFailure(undefined)).toBeNull();
  });
});
