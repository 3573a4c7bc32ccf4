import { linkIn, startSmtp } from '../../server/test/helpers/smtp.ts';

/** How long a file waits for another file's mailbox to give the fixed port up. */
export const MAILBOX_WAIT_MS = 240_000;

/**
 * The SMTP capture of the server tests (server/test/helpers/smtp.ts) inside the Playwright
 * worker, on the port the site under test sends to (serve.mjs sets SMTP_URL to it). Only one
 * test file may use it at a time (fixed port): while another file's mailbox holds it, this waits
 * (up to MAILBOX_WAIT_MS; give the hook that long).
 */
export async function startMailbox(port = Number(process.env.E2E_SMTP_PORT ?? 2526)) {
  const smtp = await startSmtp({ port, waitForPortMs: MAILBOX_WAIT_MS });
  const { mails } = smtp;
  return {
    ...smtp,
    /** The first link of the newest mail to `to` whose text contains `marker`. */
    async linkFor(to: string, marker: string, timeoutMs = 20_000): Promise<string> {
      const start = Date.now();
      for (;;) {
        const mail = [...mails].reverse().find((m) => m.to.includes(to) && m.raw.includes(marker));
        if (mail) return linkIn(mail.raw);
        if (Date.now() - start > timeoutMs) throw new Error(`no mail to ${to} with ${marker}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}
