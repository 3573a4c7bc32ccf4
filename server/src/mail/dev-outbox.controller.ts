import { Controller, Get, Header, Inject, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import ipaddr from 'ipaddr.js';
import { APP_CONFIG, devOutboxEnabled, type AppConfig } from '../config/config';
import { AppError } from '../common/app-error';
import { MailService } from './mail.service';

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

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
      .map(({ to, subject, text, date }) => {
        const linked = escape(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
        return `<article><h2>${escape(subject)}</h2><p>${escape(to)} · ${escape(date)}</p><pre>${linked}</pre></article>`;
      })
      .join('');
    return `<!doctype html><meta charset="utf-8"><title>Outbox</title><style>body{font-family:system-ui;margin:2rem;max-width:60rem}pre{white-space:pre-wrap;background:#f6f3fb;padding:1rem;border-radius:.5rem}</style><h1>Local outbox (development)</h1><p>Mails are kept here because SMTP_URL is not set.</p>${items || '<p>No mails yet.</p>'}`;
  }
}
