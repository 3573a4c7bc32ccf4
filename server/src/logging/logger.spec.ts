import { createRootLogger, currentRequestId, withLogContext } from './logger';
import { loggableUrl } from './http';
import { requestIdFrom } from './request-id';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createRootLogger({ LOG_LEVEL: 'log', NODE_ENV: 'test' }, 'api', {
    destination: { write: (chunk: string) => void lines.push(JSON.parse(chunk)) },
  });
  return { logger, lines };
}

describe('logging', () => {
  it('redacts cookies, authorization and Set-Cookie even when a whole request is logged', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        req: { headers: { cookie: 'sid=secret-cookie', authorization: 'Bearer secret-token' } },
        res: { headers: { 'set-cookie': 'sid=secret-cookie' } },
        user: { email: 'lid@example.test', password: 'geheim', iban: 'NL91ABNA0417164300' },
      },
      'a careless line',
    );
    const line = JSON.stringify(lines[0]);
    for (const secret of ['secret-cookie', 'secret-token', 'lid@example.test', 'geheim', 'NL91']) {
      expect(line).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({ level: 'info', process: 'api', msg: 'a careless line' });
  });

  it('carries a context (the request id) onto every line logged within it, and only there', () => {
    const { logger, lines } = capture();
    withLogContext({ reqId: 'request-1234' }, () => {
      expect(currentRequestId()).toBe('request-1234');
    });
    expect(currentRequestId()).toBeUndefined();
    logger.info('outside');
    expect(lines[0].reqId).toBeUndefined();
  });

  it('keeps a sane incoming request id and replaces anything else', () => {
    expect(requestIdFrom('abc-123_4.5:6')).toBe('abc-123_4.5:6');
    for (const bad of [
      undefined,
      'short',
      'with space 123',
      'x'.repeat(65),
      '<script>alert</script>',
    ]) {
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('logs a URL with the names of its query, never the values', () => {
    expect(loggableUrl('/api/activate.php?token=abc&lang=nl')).toBe(
      '/api/activate.php?token=…&lang=…',
    );
    expect(loggableUrl('/api/health')).toBe('/api/health');
  });
});
