import { Controller, Get, Header, Inject, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import ipaddr from 'ipaddr.js';
import { APP_CONFIG, smsTransport, type AppConfig } from '../config/config';
import { AppError } from '../common/app-error';
import { SmsService } from './sms.service';

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
 * The local SMS outbox (the direct-debit codes the dev transport kept), beside the mail outbox:
 * only with NODE_ENV=development and the dev transport, and only to a browser on this machine.
 */
@ApiExcludeController()
@Controller('dev')
export class DevSmsOutboxController {
  constructor(
    private readonly sms: SmsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('sms')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  page(@Req() req: Request): string {
    const enabled = this.config.NODE_ENV === 'development' && smsTransport(this.config) === 'dev';
    const local = isLoopback(req.socket.remoteAddress) && isLoopback(req.ip);
    if (!enabled || !local) throw new AppError('not_found');
    const items = this.sms
      .outbox()
      .map(
        ({ to, text, date }) =>
          `<article><h2>${escape(to)}</h2><p>${escape(date)}</p><pre>${escape(text)}</pre></article>`,
      )
      .join('');
    return `<!doctype html><html lang="en"><meta charset="utf-8"><title>SMS outbox</title><style>body{font-family:system-ui;margin:2rem;max-width:60rem}pre{white-space:pre-wrap;background:#f6f3fb;padding:1rem;border-radius:.5rem;font-size:1.25rem}</style><h1>Local SMS outbox (development)</h1><p>Texts are kept here because SMS_TRANSPORT is dev.</p>${items || '<p>No texts yet.</p>'}</html>`;
  }
}
