import http from 'node:http';
import { HealthService } from '../src/health/health.service';
import { listening } from './helpers/sockets';
import { useTestApp } from './helpers/test-app';

/** GET `url` on a kept-alive connection, as a proxy sends it: the status and Connection header. */
function get(agent: http.Agent, url: string): Promise<{ status: number; connection: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: String(res.headers.connection) }),
        );
      })
      .on('error', reject);
  });
}

/**
 * A stopping API process (SIGTERM, server/src/main.ts) drains: not ready, still answering, and
 * each answer closes its connection, so the proxy keeps no idle connection to it that could
 * break under a request when it stops listening (docker/Caddyfile finds the replicas through
 * DNS and does not read readiness).
 */
describe('a stopping API process', () => {
  const t = useTestApp();

  it('keeps answering while it drains, not ready, and closes each connection after its answer', async () => {
    const base = await listening(t);
    const agent = new http.Agent({ keepAlive: true });
    try {
      expect(await get(agent, `${base}/api/settings.php`)).toEqual({
        status: 200,
        connection: 'keep-alive',
      });
      t.app.get(HealthService).startDraining();
      expect(await get(agent, `${base}/api/settings.php`)).toEqual({
        status: 200,
        connection: 'close',
      });
      expect((await get(agent, `${base}/api/health/ready`)).status).toBe(503);
      expect((await get(agent, `${base}/api/health/live`)).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
