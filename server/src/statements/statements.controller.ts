import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  UseGuards,
} from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AuthGuard, CurrentSession, type CurrentSessionData, type MemberRequest } from '../auth';
import { RateLimit } from '../common/rate-limit.guard';
import { requestLanguage } from '../common/request-language';
import { Returns } from '../common/responses';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { AppealsService } from './appeals.service';
import { NoticesService } from './notices.service';
import {
  AppealBody,
  AppealDecisionBody,
  AppealDecisionResponseDto,
  AppealResponseDto,
  NoticeBody,
  NoticeResponseDto,
  StaffAppealsQuery,
  StaffAppealsResponseDto,
  StatementAccessQuery,
  StatementIdParam,
  StatementsResponseDto,
  TransparencyQueryDto,
} from './statements.dto';
import { TransparencyService } from './transparency.service';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

/** Statements of reasons, appeals and notices: contract api/statements.ts. */
@ApiTags('statements')
@Controller('api')
export class StatementsController {
  constructor(
    private readonly appeals: AppealsService,
    private readonly notices: NoticesService,
  ) {}

  @Get('statements.php')
  @UseGuards(AuthGuard)
  @Returns(StatementsResponseDto)
  @ApiOperation({ summary: 'The member’s statements of reasons with their appeals, newest first' })
  async list(@CurrentSession() session: CurrentSessionData) {
    return { statements: await this.appeals.list(session.userId) };
  }

  @Post('statements/:id/appeal')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiHeader(CLIENT_HEADER)
  @Returns(AppealResponseDto)
  @ApiOperation({
    summary:
      'Appeals one statement (once, within the window); 404 not_found, 409 appeal_exists, ' +
      '409 appeal_window_closed',
  })
  async appeal(
    @Param() params: StatementIdParam,
    @Body() body: AppealBody,
    @CurrentSession() session: CurrentSessionData,
  ) {
    return { statement: await this.appeals.appeal(session.userId, params.id, body.text) };
  }

  @Get('statements/access')
  @RateLimit('statement_access')
  @Returns(StatementsResponseDto)
  @ApiOperation({
    summary:
      'A banned member’s statements, by the link of the ban mail (no login); 404 ' +
      'statement_link_invalid',
  })
  async byLink(@Query() query: StatementAccessQuery) {
    const userId = await this.appeals.memberOfLink(query.token);
    return { statements: await this.appeals.list(userId) };
  }

  @Post('statements/access/:id/appeal')
  @HttpCode(200)
  @RateLimit('statement_access')
  @ApiHeader(CLIENT_HEADER)
  @Returns(AppealResponseDto)
  @ApiOperation({ summary: 'A banned member appeals by the link of the ban mail (no login)' })
  async appealByLink(
    @Param() params: StatementIdParam,
    @Query() query: StatementAccessQuery,
    @Body() body: AppealBody,
  ) {
    const userId = await this.appeals.memberOfLink(query.token);
    return { statement: await this.appeals.appeal(userId, params.id, body.text) };
  }

  @Post('notice.php')
  @RateLimit('complaints_member', 'complaints_visitor')
  @ApiHeader(CLIENT_HEADER)
  @Returns(NoticeResponseDto, 201)
  @ApiOperation({
    summary:
      'A notice of illegal content (DSA art. 16), also from visitors: reason, location, ' +
      'explanation, name and e-mail (not for child abuse material), good faith; acknowledged ' +
      'by mail; 400 notice_contact_required, 429 rate_limited',
  })
  async notice(
    @Body() body: NoticeBody,
    @Req() req: MemberRequest,
    @CurrentSession() session?: CurrentSessionData,
  ) {
    return this.notices.create(session?.userId ?? null, body, {
      ip: req.ip,
      language: requestLanguage(req),
    });
  }
}

/** The staff side: the appeals queue (moderators) and the transparency report (admins). */
@ApiTags('staff')
@Controller('api/staff')
export class StaffAppealsController {
  constructor(
    private readonly appeals: AppealsService,
    private readonly transparency: TransparencyService,
  ) {}

  @Get('appeals')
  @Staff('moderator')
  @Returns(StaffAppealsResponseDto)
  @ApiOperation({ summary: 'Staff: appeals, open ones first by deadline' })
  async queue(@Query() query: StaffAppealsQuery, @CurrentStaff() staff: StaffPrincipal) {
    const open = query.open === undefined ? undefined : query.open === 'true';
    return { appeals: await this.appeals.queue(staff, open) };
  }

  @Post('appeals/:id/decide')
  @HttpCode(200)
  @Staff('moderator')
  @ApiHeader(CLIENT_HEADER)
  @Returns(AppealDecisionResponseDto)
  @ApiOperation({
    summary:
      'Staff: upholds or reverses a decision on appeal, explained (audited, mailed); a reversal ' +
      'undoes it; 403 appeal_same_moderator for who made the decision, 409 appeal_decided',
  })
  async decide(
    @Param() params: StatementIdParam,
    @Body() body: AppealDecisionBody,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return { appeal: await this.appeals.decide(staff, params.id, body, req.ip) };
  }

  @Get('transparency.csv')
  @Staff('admin')
  @ApiOkResponse({
    description: 'The transparency report of the period as CSV (audited)',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiOperation({ summary: 'Admin: the transparency report for a period (from, to: days)' })
  async report(
    @Query() query: TransparencyQueryDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    const csv = await this.transparency.csv(staff, query, req.ip);
    req.res?.setHeader('Content-Type', 'text/csv; charset=utf-8');
    req.res?.setHeader(
      'Content-Disposition',
      `attachment; filename="transparency-${query.from}-${query.to}.csv"`,
    );
    return csv;
  }
}
