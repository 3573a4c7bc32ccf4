import { Controller, Get, Header, Inject, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import ipaddr from 'ipaddr.js';
import { APP_CONFIG, devOutboxEnabled, type AppConfig } from '../config/config';
import { AppError } from '../common/app-error';
import { MailService } from './mail.service';

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * A mail's HTML part is shown as a member's mail program would: in a sandboxed frame (no
 * scripts, no access to this page's origin), its links opening in a new tab.
 */
const MAIL_FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

const OUTBOX_STYLE = [
  'body{font-family:system-ui;margin:2rem auto;max-width:80rem;padding:0 1rem}',
  'article{border-top:1px solid #ddd;padding:1rem 0}',
  '.parts{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:1rem}',
  '@media (max-width:50rem){.parts{grid-template-columns:minmax(0,1fr)}}',
  'h3{font-size:.9rem;margin:0 0 .5rem;color:#555}',
  'iframe{width:100%;height:36rem;border:1px solid #ddd;border-radius:.5rem;background:#fff}',
  'pre{white-space:pre-wrap;background:#f6f3fb;padding:1rem;border-radius:.5rem;margin:0}',
].join('');

/** The mail's HTML with its links opening outside the frame. */
function linksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  return /<head[^>]*>/i.test(html)
    ? html.replace(/<head[^>]*>/i, (head) => head + base)
    : base + html;
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  try {
    return ipaddr.process(address).range() === 'loopback';
  } catch {
    return false;
  }
}

/**
 * The local outbox (mails kept when no SMTP_URL is set), with links clickable, so a newcomer can
 * activate an account on a bare machine. Only in development (NODE_ENV=development without
 * SMTP_URL) and only to a browser on this machine: the socket and the client address (after any
 * trusted proxy) must both be loopback. Everyone else gets 404.
 */
@ApiExcludeController()
@Controller('dev')
export class DevOutboxController {
  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('outbox')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async outbox(@Req() req: Request): Promise<string> {
    const local = isLoopback(req.socket.remoteAddress) && isLoopback(req.ip);
    if (!devOutboxEnabled(this.config) || !local) throw new AppError('not_found');
    const mails = await this.mail.outbox();
    const items = mails
      .map(({ to, subject, text, html, date }) => {
        const linked = escape(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
        const rendered = html
          ? `<section><h3>HTML</h3><iframe title="${escape(subject)} (HTML)" sandbox="${MAIL_FRAME_SANDBOX}" srcdoc="${escape(linksInNewTab(html))}"></iframe></section>`
          : '';
        return `<article><h2>${escape(subject)}</h2><p>${escape(to)} · ${escape(date)}</p><div class="parts">${rendered}<section><h3>Text</h3><pre>${linked}</pre></section></div></article>`;
      })
      .join('');
    return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox</title><style>${OUTBOX_STYLE}</style><h1>Local outbox (development)</h1><p>Mails are kept here because SMTP_URL is not set: each as members see it (HTML) beside its text part.</p>${items || '<p>No mails yet.</p>'}`;
  }
}
