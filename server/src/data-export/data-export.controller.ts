import {
  Body,
  Controller,
  Get,
  HttpStatus,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { ERROR_STATUS } from '@app/contract';
import { AuthGuard, CurrentSession, DEVICE_COOKIE, cookieOf } from '../auth';
import type { CurrentSessionData, MemberRequest } from '../auth';
import { RateLimit } from '../common/rate-limit.guard';
import { requestLanguage } from '../common/request-language';
import { Returns } from '../common/responses';
import { translate } from '../i18n/i18n';
import { SettingsService } from '../settings';
import { DataExportService, type DownloadFailure } from './data-export.service';
import { refusalPage } from './data-export.page';
import { DataExportBody, DataExportLinkQuery, DataExportResponseDto } from './data-export.dto';

@ApiTags('accounts')
@Controller('api')
export class DataExportController {
  constructor(
    private readonly exports: DataExportService,
    private readonly settings: SettingsService,
  ) {}

  @Post('data-export.php')
  @Returns(DataExportResponseDto, HttpStatus.ACCEPTED)
  @UseGuards(AuthGuard)
  @RateLimit('data_exports')
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary:
      'With the current password: queues a ZIP of all the member’s data; a single-use link valid 24 hours is mailed when it is ready',
  })
  async request(
    @CurrentSession() session: CurrentSessionData,
    @Body() body: DataExportBody,
    @Req() req: MemberRequest,
  ) {
    await this.exports.request(session.userId, body.password, {
      ip: req.ip,
      deviceToken: cookieOf(req, DEVICE_COOKIE),
    });
    return { status: 'queued' as const };
  }

  @Get('data-export-download.php')
  @ApiOkResponse({
    description: 'The ZIP, once; otherwise a page in the member’s language saying why not',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiOperation({ summary: 'The mailed data export link: downloads the ZIP once, logged in' })
  async download(
    @Query() query: DataExportLinkQuery,
    @Req() req: MemberRequest,
    @Res() res: Response,
  ): Promise<void> {
    const result = await this.exports.download(query.token, req.session?.userId ?? null);
    if (!result.ok) {
      await this.refuse(req, res, result.error);
      return;
    }
    const date = new Date().toISOString().slice(0, 10);
    res
      .status(200)
      .setHeader('Content-Type', 'application/zip')
      .setHeader('Content-Disposition', `attachment; filename="my-data-${date}.zip"`)
      .setHeader('Cache-Control', 'no-store');
    if (result.size !== null) res.setHeader('Content-Length', String(result.size));
    try {
      await pipeline(result.stream, res);
    } catch {
      // the member broke the download off; the link is used all the same
    } finally {
      await this.exports.removeDownloaded(result.exportId, result.fileName);
    }
  }

  /** A page (the link is opened in a browser) with the reason in the member's language. */
  private async refuse(req: MemberRequest, res: Response, error: DownloadFailure) {
    const language = requestLanguage(req);
    const { name: site } = await this.settings.stored();
    // the login brings the member back to this link (a path of this site: the web app's login
    // page goes nowhere else), which then downloads
    const [href, label] =
      error === 'data_export_login_required'
        ? [`/login?redirect=${encodeURIComponent(req.originalUrl)}`, 'mail.data_export_page_login']
        : ['/account', 'mail.data_export_page_account'];
    res
      .status(ERROR_STATUS[error])
      .setHeader('Content-Type', 'text/html; charset=utf-8')
      .setHeader('Cache-Control', 'no-store')
      .send(
        refusalPage({
          language,
          site,
          title: translate(language, 'mail.data_export_page_title'),
          error,
          message: translate(language, `errors.${error}`),
          href,
          label: translate(language, label),
        }),
      );
  }
}
