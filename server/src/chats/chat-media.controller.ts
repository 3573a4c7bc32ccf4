import { sendSignedWebp } from '../common/private-image';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MemberRequest } from '../auth';
import { viewerOf } from '../member-access';
import { FileStorage, MediaSigner } from '../storage';
import { ConversationsService } from './conversations.service';
import { chatImageOf } from './message.presenter';

/** The gift pictures (server/assets/gifts): files we made, no member data. */
const GIFTS_DIR = path.resolve(__dirname, '../../assets/gifts');

/**
 * Chat photos, only at the signed, expiring URLs a participant got, and only to a logged-in
 * participant of the conversation the photo was sent in (a held photo to its sender only) who may
 * still write to the other member (no block either way): a URL that reaches anyone else is a bare
 * 404. And the gift pictures, to anyone.
 */
@ApiExcludeController()
@Controller('media')
export class ChatMediaController {
  constructor(
    private readonly signer: MediaSigner,
    private readonly conversations: ConversationsService,
    private readonly storage: FileStorage,
  ) {}

  @Get('chat/:file')
  async photo(
    @Param('file') file: string,
    @Query() query: Record<string, unknown>,
    @Req() req: MemberRequest,
    @Res() res: Response,
  ): Promise<void> {
    const filename = chatImageOf(file);
    const viewer = viewerOf(req.session);
    const allowed =
      filename !== null &&
      viewer !== null &&
      this.signer.verify('chat', file, query) !== null &&
      (await this.conversations.mayFetchPhoto(viewer, filename));
    sendSignedWebp(res, allowed ? await this.storage.get('chat', file) : null, query.e);
  }

  @Get('gifts/:file')
  async gift(@Param('file') file: string, @Res() res: Response): Promise<void> {
    let data: Buffer | null = null;
    if (/^[a-z_]{1,40}\.svg$/.test(file)) {
      data = await readFile(path.join(GIFTS_DIR, file)).catch(() => null);
    }
    if (!data) {
      res.status(404).setHeader('Cache-Control', 'no-store').end();
      return;
    }
    res
      .status(200)
      .setHeader('Content-Type', 'image/svg+xml')
      .setHeader('Cache-Control', 'public, max-age=86400')
      // a picture, never a document: no scripts even when opened on its own
      .setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .end(data);
  }
}
