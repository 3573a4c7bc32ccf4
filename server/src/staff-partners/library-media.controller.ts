import { sendSignedWebp } from '../common/private-image';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { STAFF_COOKIE } from '@app/contract';
import { cookieOf, type MemberRequest } from '../auth';
import { mayAct, StaffSessions } from '../staff';
import { FileStorage, MediaSigner } from '../storage';
import { LibraryService, libraryFileOf } from './library.service';

/**
 * The chat partners' library photos, only at the signed, expiring URLs the console got, and only
 * to a staff session of an operator or admin (members never see the library itself: what an
 * operator sends is a copy in the chat storage, served by the chat media route). Every failure
 * is a bare 404.
 */
@ApiExcludeController()
@Controller('media')
export class LibraryMediaController {
  constructor(
    private readonly signer: MediaSigner,
    private readonly storage: FileStorage,
    private readonly staffSessions: StaffSessions,
    private readonly library: LibraryService,
  ) {}

  @Get('library/:file')
  async photo(
    @Param('file') file: string,
    @Query() query: Record<string, unknown>,
    @Req() req: MemberRequest,
    @Res() res: Response,
  ): Promise<void> {
    const filename = libraryFileOf(file);
    const allowed =
      filename !== null &&
      this.signer.verify('library', file, query) !== null &&
      (await this.staffMayView(req)) &&
      (await this.library.exists(filename));
    sendSignedWebp(res, allowed ? await this.storage.get('library', file) : null, query.e);
  }

  private async staffMayView(req: MemberRequest): Promise<boolean> {
    const cookie = cookieOf(req, STAFF_COOKIE);
    // photos load with the pages that show them: never activity of their own
    const staff = cookie ? await this.staffSessions.resolve(cookie, { background: true }) : null;
    return !!staff && mayAct(staff.roles, ['operator']);
  }
}
