import { SMTPServer } from 'smtp-server';

/** How long a file waits for another file's mailbox to give the fixed port up. */
export const MAILBOX_WAIT_MS = 240_000;

/**
 * A real SMTP server inside the Playwright worker, on the port the site under test sends to
 * (serve.mjs sets SMTP_URL to it). Only one test file may use it at a time (fixed port): while
 * another file's mailbox holds it, this waits (up to MAILBOX_WAIT_MS; give the hook that long).
 */
export async function startMailbox(port = Number(process.env.E2E_SMTP_PORT ?? 2526)) {
  const mails: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const deadline = Date.now() + MAILBOX_WAIT_MS;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
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
  return {
    /** Every mail received so far, in order. */
    mails,
    /** The first link of the newest mail to `to` whose text contains `marker`. */
    async linkFor(to: string, marker: string, timeoutMs = 20_000): Promise<string> {
      const start = Date.now();
      for (;;) {
        const mail = [...mails].reverse().find((m) => m.to.includes(to) && m.raw.includes(marker));
        if (mail) {
          const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
          const link = /https?:\/\/\S+/.exec(decoded)?.[0];
          if (link) return link;
        }
        if (Date.now() - start > timeoutMs) throw new Error(`no mail to ${to} with ${marker}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
