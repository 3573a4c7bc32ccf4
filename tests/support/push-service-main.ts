/**
 * The push service stand-in (push-service.ts) in a process of its own, for the bench and for
 * trying the site's push by hand:
 *
 *   node tests/support/push-service-main.ts [--port 4500] [--no-decrypt] [--accept-unknown]
 *     [--no-keep]
 *
 * Prints one JSON line `{"origin": "http://127.0.0.1:<port>", "host": "127.0.0.1:<port>"}` (give
 * the site PUSH_ENDPOINT_HOSTS=<host>), then reads commands on stdin, one a line, and answers each
 * with one JSON line:
 *   subscribe <n>  n new subscriptions ({endpoint, keys}) as a JSON array
 *   count          {arrivals: n, refusals: n} so far
 *   wait <n> <ms>  the same, once n pushes were answered (accepted or refused) or ms passed
 *   arrivals       {arrivals: [{id, at}], refusals: [{status, id, reason}]} so far
 *   received       the pushes kept so far (decrypted JSON and headers)
 *   clear          forgets what arrived: {"ok": true}
 *   delay <ms>     answers every push ms late from now on (a remote push service): {"ok": true}
 *   exit           stops
 */
import { createInterface } from 'node:readline';
import { PushService } from './push-service.ts';

const args = process.argv.slice(2);
const portAt = args.indexOf('--port');
const service = await PushService.start({
  port: portAt >= 0 ? Number(args[portAt + 1]) : 0,
  decrypt: !args.includes('--no-decrypt'),
  acceptUnknown: args.includes('--accept-unknown'),
  keep: !args.includes('--no-keep'),
});
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
say({ origin: service.origin, host: service.host });

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  const [command, argument, ...rest] = line.trim().split(/\s+/);
  switch (command) {
    case 'subscribe':
      say(Array.from({ length: Number(argument ?? 1) }, () => service.subscribe()));
      break;
    case 'count':
      say({ arrivals: service.arrivals.length, refusals: service.refusals.length });
      break;
    case 'wait': {
      const until = Date.now() + Number(rest[0] ?? 60_000);
      const answered = () => service.arrivals.length + service.refusals.length;
      const check = () => {
        if (answered() >= Number(argument) || Date.now() > until) {
          say({ arrivals: service.arrivals.length, refusals: service.refusals.length });
        } else setTimeout(check, 20);
      };
      check();
      break;
    }
    case 'arrivals':
      say({ arrivals: service.arrivals, refusals: service.refusals });
      break;
    case 'received':
      say(service.received.map(({ body: _body, ...push }) => push));
      break;
    case 'delay':
      service.delayMs = Number(argument ?? 0);
      say({ ok: true });
      break;
    case 'clear':
      service.clear();
      say({ ok: true });
      break;
    case 'exit':
      lines.close();
      break;
    default:
      say({ error: `unknown command ${command}` });
  }
});
lines.on('close', () => {
  void service.close().then(() => process.exit(0));
});
