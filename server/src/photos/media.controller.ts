import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { STAFF_COOKIE } from '@app/contract';
import { cookieOf, type MemberRequest } from '../auth';
import { InspectionReads, MediaFiles } from '../member-access';
import { mayAct, StaffSessions } from '../staff';
import { FileStorage, MediaSigner, photoFilenameOf } from '../storage';

/**
 * Photo files, only at the signed, expiring URLs that member-access hands out to viewers the
 * photo rule allows. A `public` URL also needs the photo to be active on a visible profile right
 * now (a photo rejected or a member banned after the URL was made: 404 at once). A `private`
 * URL (the owner's and staff's) serves a photo under inspection or rejected only to the owner's
 * member session and to a moderator's staff session: a URL shared in a chat or copied elsewhere
 * does not get round the inspection (for anyone else it is a public URL). Every failure is a
 * bare 404, telling nothing about whether the file exists.
 */
@ApiExcludeController()
@Controller('media')
export class MediaController {
  constructor(
    private readonly signer: MediaSigner,
    private readonly mediaFiles: MediaFiles,
    private readonly storage: FileStorage,
    private readonly inspection: InspectionReads,
    private readonly staffSessions: StaffSessions,
  ) {}

  @Get('photos/:file')
  async photo(
    @Param('file') file: string,
    @Query() query: Record<string, unknown>,
    @Req() req: MemberRequest,
    @Res() res: Response,
  ): Promise<void> {
    const filename = photoFilenameOf(file);
    const scope = filename ? this.signer.verify('photos', file, query) : null;
    const allowed =
      filename !== null &&
      scope !== null &&
      (scope === 'public'
        ? await this.mediaFiles.isPublic(filename)
        : await this.privateAllowed(filename, req));
    const data = allowed ? await this.storage.get('photos', file) : null;
    if (!data) {
      res.status(404).setHeader('Cache-Control', 'no-store').end();
      return;
    }
    const expires = Number(query.e);
    const maxAge = Math.max(0, Math.floor(expires - Date.now() / 1000));
    res
      .status(200)
      .setHeader('Content-Type', 'image/webp')
      .setHeader('Cache-Control', `private, max-age=${maxAge}, immutable`)
      .setHeader('Content-Disposition', 'inline')
      .setHeader('Cross-Origin-Resource-Policy', 'same-origin')
      .end(data);
  }

  /** A private URL's photo for this request: see the class comment. */
  private async privateAllowed(filename: string, req: MemberRequest): Promise<boolean> {
    const staffCookie = cookieOf(req, STAFF_COOKIE);
    // photos load with the lists that show them (reloads included): never activity of their own
    const staff = staffCookie
      ? await this.staffSessions.resolve(staffCookie, { background: true })
      : null;
    return this.inspection.privatePhotoFileAllowed(filename, {
      memberId: req.session?.userId ?? null,
      staff: !!staff && mayAct(staff.roles, ['moderator']),
    });
  }
}
