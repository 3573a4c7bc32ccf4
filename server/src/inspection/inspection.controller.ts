import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { sendPrivateWebp } from '../common/private-image';
import { OkResponseDto, Returns } from '../common/responses';
import { StaffPhotos, staffViewerOf } from '../member-access';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { ChatPhotoDesk } from './chat-photo-desk.service';
import {
  ChatPhotoDecisionBody,
  ChatPhotoDecisionResponseDto,
  ChatPhotoQueueResponseDto,
  DecisionIdParam,
  InspectionDecisionResponseDto,
  InspectionIdParam,
  InspectionNextBody,
  InspectionStatsResponseDto,
  InspectionUndoResponseDto,
  ModerationBody,
  ModerationListResponseDto,
  ModerationQuery,
  PhotoDecisionBody,
  PhotoNextResponseDto,
  PhotoQueueResponseDto,
  TextDecisionBody,
  TextNextResponseDto,
  TextQueueResponseDto,
} from './inspection.dto';
import { PhotoInspection } from './photo-inspection.service';
import { TextInspection } from './text-inspection.service';
import { InspectionUndo } from './undo.service';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

/** Inspection of photos and profile texts (moderators and admins). */
@ApiTags('staff')
@Controller('api')
export class InspectionController {
  constructor(
    private readonly photos: PhotoInspection,
    private readonly texts: TextInspection,
    private readonly undos: InspectionUndo,
    private readonly staffPhotos: StaffPhotos,
  ) {}

  @Get('staff/inspection/stats')
  @Staff('moderator')
  @Returns(InspectionStatsResponseDto)
  @ApiOperation({ summary: 'Staff: how many photos and texts wait, and since when' })
  async stats(@CurrentStaff() staff: StaffPrincipal) {
    const [photos, texts] = await Promise.all([this.photos.stats(staff), this.texts.stats(staff)]);
    return { photos, texts };
  }

  @Get('staff/inspection/photos')
  @Staff('moderator')
  @Returns(PhotoQueueResponseDto)
  @ApiOperation({ summary: 'Staff: the photos waiting for inspection, oldest first' })
  photoQueue(@CurrentStaff() staff: StaffPrincipal) {
    return this.photos.queue(staff);
  }

  @Post('staff/inspection/photos/next')
  @Staff('moderator')
  @Returns(PhotoNextResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary: 'Staff: claims the oldest photo nobody else holds (null when none is left)',
  })
  nextPhoto(@CurrentStaff() staff: StaffPrincipal, @Body() body: InspectionNextBody) {
    return this.photos.next(staff, body.exclude);
  }

  @Post('staff/inspection/photos/:id/decision')
  @Staff('moderator')
  @Returns(InspectionDecisionResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Staff: approves a photo, or rejects it with a reason of the list' })
  decidePhoto(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: InspectionIdParam,
    @Body() body: PhotoDecisionBody,
    @Req() req: Request,
  ) {
    return this.photos.decide(staff, params.id, body, req.ip);
  }

  @Get('staff/inspection/texts')
  @Staff('moderator')
  @Returns(TextQueueResponseDto)
  @ApiOperation({ summary: 'Staff: changed profile texts waiting for review, oldest first' })
  textQueue(@CurrentStaff() staff: StaffPrincipal) {
    return this.texts.queue(staff);
  }

  @Post('staff/inspection/texts/next')
  @Staff('moderator')
  @Returns(TextNextResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Staff: claims the oldest profile text nobody else holds' })
  nextText(@CurrentStaff() staff: StaffPrincipal, @Body() body: InspectionNextBody) {
    return this.texts.next(staff, body.exclude);
  }

  @Post('staff/inspection/texts/:id/decision')
  @Staff('moderator')
  @Returns(InspectionDecisionResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary: 'Staff: approves a profile text, or rejects it (the previous text is put back)',
  })
  decideText(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: InspectionIdParam,
    @Body() body: TextDecisionBody,
    @Req() req: Request,
  ) {
    return this.texts.decide(staff, params.id, body, req.ip);
  }

  @Post('staff/inspection/decisions/:id/undo')
  @Staff('moderator')
  @Returns(InspectionUndoResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary: 'Staff: undoes one’s own decision within a few seconds (the item waits again)',
  })
  undo(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: DecisionIdParam,
    @Req() req: Request,
  ) {
    return this.undos.undo(staff, params.id, req.ip);
  }

  // ------------------------------------------------- the first route, kept compatible

  @Get('photo-moderation.php')
  @Staff('moderator')
  @Returns(ModerationListResponseDto)
  @ApiOperation({
    summary: 'Staff: photos waiting for inspection (or of another state)',
    description:
      'Deprecated: the photo desk (GET /api/staff/inspection/photos, POST .../next). Kept as ' +
      'it answered: the 100 oldest of a state, unclaimed or not (the desk serves the riskiest first).',
    deprecated: true,
  })
  async legacyQueue(@CurrentStaff() staff: StaffPrincipal, @Query() query: ModerationQuery) {
    return { photos: await this.staffPhotos.moderationQueue(staffViewerOf(staff), query.status) };
  }

  @Post('photo-moderation.php')
  @Staff('moderator')
  @Returns(OkResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      'Staff: approve a photo (active) or reject it with a reason shown to the member ' +
      '(the decision of the inspection console: audited, told live, refused while another ' +
      'moderator holds the photo)',
    description:
      'Deprecated: the photo desk’s decision (POST /api/staff/inspection/photos/{id}/decision).',
    deprecated: true,
  })
  async legacyModerate(
    @CurrentStaff() staff: StaffPrincipal,
    @Body() body: ModerationBody,
    @Req() req: Request,
  ) {
    await this.photos.decide(staff, body.photo, body, req.ip);
    return { ok: true as const };
  }
}

/** Chat photos the pre-screening flagged, on the photo desk (moderators and admins). */
@ApiTags('staff')
@Controller('api/staff/inspection/chat-photos')
export class ChatPhotoDeskController {
  constructor(private readonly desk: ChatPhotoDesk) {}

  @Get()
  @Staff('moderator')
  @Returns(ChatPhotoQueueResponseDto)
  @ApiOperation({
    summary:
      'Staff: the chat photos the pre-screening flagged, not yet kept or removed: abuse ' +
      'matches first, then the riskiest; with who sent each to whom',
  })
  queue(@CurrentStaff() staff: StaffPrincipal) {
    return this.desk.queue(staff);
  }

  @Get(':id/image')
  @Staff('moderator')
  @ApiOkResponse({
    description: 'The chat photo (WebP) while it is on the desk; 404 otherwise',
    content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiOperation({ summary: 'Staff: the file of a flagged chat photo on the desk' })
  async image(@Param() params: InspectionIdParam, @Res() res: Response): Promise<void> {
    sendPrivateWebp(res, await this.desk.image(params.id));
  }

  @Post(':id/decision')
  @Staff('moderator')
  @Returns(ChatPhotoDecisionResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      'Staff: keeps a flagged chat photo, or removes it (hidden from both members; the ' +
      'sender gets a statement of reasons); audited; 404 not on the desk, 409 decided already',
  })
  decide(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: InspectionIdParam,
    @Body() body: ChatPhotoDecisionBody,
    @Req() req: Request,
  ) {
    return this.desk.decide(staff, params.id, body, req.ip);
  }
}
