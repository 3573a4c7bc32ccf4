import { Queue } from 'bullmq';
import { QUEUES, workerConnection } from '../src/queue';
import { signupBody } from './helpers/accounts';
import { useTestApp } from './helpers/test-app';
import { takeChallenge } from './helpers/challenge';

/** Without a worker: what a request leaves in Redis and in PostgreSQL for the mail to be sent. */
describe('the mail outbox', () => {
  const t = useTestApp();

  it('queues a reset mail as ids only (its intent, the request that queued it): no link token, no address in Redis', async () => {
    const { email } = signupBody();
    await t
      .http()
      .post('/api/signup.php')
      .set('X-Request-Type', 'client')
      .send(signupBody({ email }))
      .expect(201);
    await t
      .http()
      .post('/api/reset-password.php')
      .set('X-Request-Type', 'client')
      .send({ email, altcha: takeChallenge() })
      .expect(200);

    const intents = await t.prisma.mailIntent.findMany({ orderBy: { id: 'asc' } });
    expect(intents.map((i) => i.template)).toEqual(['activation', 'reset']);
    expect(intents.every((i) => i.enqueuedAt !== null)).toBe(true);
    // no link exists before the mail is sent: the worker makes it then
    expect(await t.prisma.emailToken.count()).toBe(0);

    const queue = new Queue(QUEUES.mail, { connection: workerConnection(t.config) });
    try {
      const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
      const queued = jobs.map((job) => job.data as { intentId: number });
      // the intent's id, and the id of the request that queued it (for the logs: never personal data)
      expect(queued.sort((a, b) => a.intentId - b.intentId)).toEqual(
        intents.map((i) => ({ intentId: i.id, reqId: expect.stringMatching(/^[\w.:-]{8,64}$/) })),
      );
      for (const key of await t.redis.keys('bull:mail:*')) {
        const type = await t.redis.type(key);
        const content =
          type === 'hash'
            ? JSON.stringify(await t.redis.hgetall(key))
            : String(await t.redis.get(key).catch(() => ''));
        expect(content).not.toContain(email);
      }
    } finally {
      await queue.close();
    }
  });
});
