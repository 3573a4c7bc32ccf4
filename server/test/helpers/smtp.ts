import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpOptions {
  /** The port to listen on (default 0: any free one, which `port` and `url` then tell). */
  port?: number;
  /**
   * With a fixed port another process may hold (the Playwright journeys share one): how long to
   * wait for it to be given up before failing (default 0: fail at once).
   */
  waitForPortMs?: number;
}

export interface Smtp {
  /** smtp://127.0.0.1:<port>?ignoreTLS=true: what SMTP_URL of the app under test says. */
  url: string;
  port: number;
  /** Every mail received so far, in order. */
  mails: ReceivedMail[];
  /** The first mail to `to` (waits for it). */
  waitFor: (to: string, timeoutMs?: number) => Promise<ReceivedMail>;
  /** Answers the next `count` mails with a temporary failure (451). */
  failNext: (count: number) => void;
  close: () => Promise<void>;
}

/**
 * A real SMTP server inside the test process (jest's server tests and the Playwright journeys
 * alike); mails that arrive are kept in `mails`.
 */
export async function startSmtp(options: SmtpOptions = {}): Promise<Smtp> {
  const mails: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          const error = Object.assign(new Error('Temporary failure'), { responseCode: 451 });
          callback(error);
          return;
        }
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const deadline = Date.now() + (options.waitForPortMs ?? 0);
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port ?? 0, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      break;
    } catch (error) {
      const inUse = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!inUse || Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    port,
    mails,
    failNext: (count) => (failures = count),
    waitFor: async (to, timeoutMs = 15_000) => {
      const start = Date.now();
      for (;;) {
        const mail = mails.find((m) => m.to.includes(to));
        if (mail) return mail;
        if (Date.now() - start > timeoutMs)
          throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a (quoted-printable) mail. */
export function linkIn(raw: string): string {
  const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https?:\/\/\S+/.exec(decoded);
  if (!match) throw new Error('no link in mail');
  return match[0];
}

/** A mail's text with quoted-printable soft breaks and folded headers undone. */
export function readable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for a mail to `to` whose subject line matches; returns it decoded (readable). */
export async function waitForMail(
  mails: ReceivedMail[],
  to: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<string> {
  const start = Date.now();
  for (;;) {
    const mail = mails.find(
      (m) => m.to.includes(to) && subject.test(/^Subject: (.*)$/m.exec(readable(m.raw))?.[1] ?? ''),
    );
    if (mail) return readable(mail.raw);
    if (Date.now() - start > timeoutMs) throw new Error(`no mail ${subject} to ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The token of the first link in a mail. */
export function tokenIn(raw: string): string {
  return decodeURIComponent(new URL(linkIn(raw)).searchParams.get('token') as string);
}
