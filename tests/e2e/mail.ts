import { test } from '@playwright/test';
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

type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/**
 * One mailbox for the whole test file, started before its first journey and closed after its
 * last; the file's journeys run one after another (the port is fixed). Call it at the top level.
 */
export function useMailbox(): Pick<Mailbox, 'linkFor'> {
  test.describe.configure({ mode: 'serial' });
  let mailbox: Mailbox | undefined;
  test.beforeAll(async () => {
    test.setTimeout(MAILBOX_WAIT_MS + 10_000);
    mailbox = await startMailbox();
  });
  test.afterAll(async () => {
    await mailbox?.close();
  });
  return {
    linkFor: (to, marker, timeoutMs) => {
      if (!mailbox)
        throw new Error('the mailbox is not started: call useMailbox() at the top level');
      return mailbox.linkFor(to, marker, timeoutMs);
    },
  };
}
