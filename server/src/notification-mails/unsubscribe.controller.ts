import { Controller, Get, Headers, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type Language } from '@app/contract';
import { AllowExternalCaller } from '../common/request-type.guard';
import { languageFrom, memberLanguage, translate } from '../i18n/i18n';
import { MAILING_LISTS, UnsubscribeTokens, type MailingList } from '../mail';
import { PrismaService } from '../prisma/prisma.service';
import { SettingsService } from '../settings';
import { NotificationsDisabled } from './notifications-disabled';
import { ListUnsubscribes } from './list-unsubscribes';

/** The `list` of a link: a mail sent under one switch (promotions, news, reminders), or none. */
const listOf = (value: unknown): MailingList | null =>
  MAILING_LISTS.find((l) => l === value) ?? null;

/** The `campaign` of a link: the campaign whose mail it came in, or none. */
const campaignOf = (value: unknown): number | null =>
  typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647
    ? Number(value)
    : null;

/** Both answers are a small page in the member's language (400 for a link that is not ours). */
const HtmlPage = () =>
  ApiOkResponse({
    description: 'A page in the member’s language',
    content: { 'text/html': { schema: { type: 'string' } } },
  });

const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * The one-click unsubscribe of notification mails (RFC 8058): the mail's List-Unsubscribe
 * link. A POST (the mail client's one click, or the button of the page) sets
 * notifications_disabled += listunsubscribe without a login; the token binds it to the member.
 * A GET only shows the page with that button, in the member's language: mail scanners that
 * fetch links must not unsubscribe anyone. A link with `list` (the mails that bring members back
 * and campaigns) turns off only that switch of the member's preferences (promotions, news or
 * reminders), and with `campaign` counts the unsubscribe to that campaign.
 */
@ApiTags('members')
@Controller('api')
export class UnsubscribeController {
  constructor(
    private readonly tokens: UnsubscribeTokens,
    private readonly disabled: NotificationsDisabled,
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
    private readonly lists: ListUnsubscribes,
  ) {}

  @Get('unsubscribe.php')
  @HtmlPage()
  @ApiOperation({ summary: 'The unsubscribe page of a notification mail (asks; changes nothing)' })
  async page(
    @Query('token') token: unknown,
    @Query('list') listParam: unknown,
    @Query('campaign') campaignParam: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res() res: Response,
  ) {
    const member = await this.member(token);
    const language = member?.language ?? languageFrom(undefined, acceptLanguage);
    const list = listOf(listParam);
    const campaign = campaignOf(campaignParam);
    const query =
      `token=${encodeURIComponent(String(token))}` +
      (list ? `&list=${list}` : '') +
      (list && campaign ? `&campaign=${campaign}` : '');
    const question = list ? `mail.unsubscribe_list_question_${list}` : 'mail.unsubscribe_question';
    const action = member
      ? `<p>${escape(translate(language, question))}</p>` +
        `<form method="post" action="/api/unsubscribe.php?${escape(query)}">` +
        `<button type="submit">${escape(translate(language, 'mail.unsubscribe_button'))}</button></form>`
      : `<p role="alert">${escape(translate(language, 'mail.unsubscribe_invalid'))}</p>`;
    await this.render(res, member ? 200 : 400, language, action);
  }

  @Post('unsubscribe.php')
  @AllowExternalCaller()
  @HttpCode(200)
  @HtmlPage()
  @ApiOperation({
    summary:
      'One-click unsubscribe (RFC 8058, body List-Unsubscribe=One-Click): no more ' +
      'notification mails for the member of the token; account mails still go',
  })
  async unsubscribe(
    @Query('token') token: unknown,
    @Query('list') listParam: unknown,
    @Query('campaign') campaignParam: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res() res: Response,
  ) {
    const member = await this.member(token);
    const list = listOf(listParam);
    if (member && list) await this.lists.unsubscribe(member.id, list, campaignOf(campaignParam));
    else if (member) await this.disabled.add(member.id, 'listunsubscribe');
    const language = member?.language ?? languageFrom(undefined, acceptLanguage);
    const done = list ? `mail.unsubscribe_list_done_${list}` : 'mail.unsubscribe_done';
    const text = translate(language, member ? done : 'mail.unsubscribe_invalid');
    await this.render(
      res,
      member ? 200 : 400,
      language,
      `<p role="${member ? 'status' : 'alert'}">${escape(text)}</p>`,
    );
  }

  private async member(token: unknown): Promise<{ id: number; language: Language } | null> {
    const userId = this.tokens.userOf(token);
    if (userId === null) return null;
    const user = await this.prisma.user.findUnique({
      where: { id: userId },
      select: { id: true, language: true, status: true },
    });
    if (!user || user.status === 'purged') return null;
    return { id: user.id, language: memberLanguage(user.language) };
  }

  private async render(res: Response, status: number, language: Language, body: string) {
    const { name: site } = await this.settings.stored();
    const title = escape(translate(language, 'mail.unsubscribe_title', { site }));
    res
      .status(status)
      .type('html')
      .set('Cache-Control', 'no-store')
      .set('X-Robots-Tag', 'noindex')
      .send(
        `<!doctype html><html lang="${language}"><meta charset="utf-8">` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
          '<style>body{font-family:system-ui,sans-serif;background:#f6f3fb;color:#212529;margin:0;padding:2rem 1rem}' +
          'main{max-width:32rem;margin:auto;background:#fff;border-radius:.5rem;padding:1.5rem}' +
          'h1{font-size:1.4rem;color:#6f42c1}button{background:#6f42c1;color:#fff;border:0;border-radius:.375rem;' +
          'padding:.6rem 1.2rem;font-size:1rem;cursor:pointer}</style>' +
          `<main><h1>${title}</h1>${body}</main></html>`,
      );
  }
}
