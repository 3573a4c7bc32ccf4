import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Returns } from '../common/responses';
import { Idempotent, IdempotencyKey } from '../idempotency';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { InboxService } from './inbox.service';
import { ReplyTimesService } from './reply-times.service';
import {
  IdParam,
  InboxConversationResponseDto,
  InboxQueryDto,
  InboxReplyBody,
  InboxReplyResponseDto,
  InboxResponseDto,
  OperatorNoteBody,
  OperatorNotesResponseDto,
  ReplyTimesQueryDto,
  ReplyTimesResponseDto,
  VulnerableBody,
  VulnerableResponseDto,
} from './staff-partners.dto';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

/** Operators (and admins): the inbox of conversations waiting for a chat partner's reply. */
@ApiTags('staff')
@Controller('api/staff')
export class InboxController {
  constructor(
    private readonly inbox: InboxService,
    private readonly replyTimes: ReplyTimesService,
  ) {}

  @Get('inbox')
  @Staff('operator')
  @Returns(InboxResponseDto)
  @ApiOperation({ summary: 'Operator: conversations waiting for a chat partner, longest first' })
  page(@CurrentStaff() staff: StaffPrincipal, @Query() query: InboxQueryDto) {
    return this.inbox.page(staff, query.after);
  }

  @Get('inbox/:id')
  @Staff('operator')
  @Returns(InboxConversationResponseDto)
  @ApiOperation({
    summary: 'Operator: a conversation the operator holds, read again without extending the hold',
  })
  async read(@CurrentStaff() staff: StaffPrincipal, @Param() params: IdParam) {
    return { conversation: await this.inbox.read(staff, params.id) };
  }

  @Post('inbox/:id/open')
  @Staff('operator')
  @Returns(InboxConversationResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary: 'Operator: opens a conversation, locked to the operator (409 while another has it)',
  })
  async open(@CurrentStaff() staff: StaffPrincipal, @Param() params: IdParam) {
    return { conversation: await this.inbox.open(staff, params.id) };
  }

  @Post('inbox/:id/take-over')
  @Staff('admin')
  @Returns(InboxConversationResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Admin: takes over a conversation another operator holds (audited)' })
  async takeOver(@CurrentStaff() staff: StaffPrincipal, @Param() params: IdParam) {
    return { conversation: await this.inbox.takeOver(staff, params.id) };
  }

  @Post('inbox/:id/reply')
  @Staff('operator')
  @Idempotent({ required: true, keptByHandler: true })
  @Returns(InboxReplyResponseDto, 201)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Operator: a reply as the chat partner, through the chat send path' })
  reply(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: IdParam,
    @Body() body: InboxReplyBody,
    @IdempotencyKey() key: string,
  ) {
    return this.inbox.reply(staff, params.id, body.text, key);
  }

  @Post('inbox/members/:id/notes')
  @Staff('operator')
  @Returns(OperatorNotesResponseDto, 201)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Operator: a note on a member for the other operators (audited)' })
  addNote(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: IdParam,
    @Body() body: OperatorNoteBody,
  ) {
    return this.inbox.addNote(staff, params.id, body.body);
  }

  @Put('inbox/members/:id/vulnerable')
  @Staff('operator')
  @Returns(VulnerableResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Operator: flags a member as vulnerable, or lifts it (audited)' })
  vulnerable(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: IdParam,
    @Body() body: VulnerableBody,
  ) {
    return this.inbox.setVulnerable(staff, params.id, body);
  }

  @Get('figures/reply-times')
  @Staff('admin')
  @Returns(ReplyTimesResponseDto)
  @ApiOperation({
    summary: 'Admin: operators’ reply times (median, p90) per operator and day, 7/30/90 days',
  })
  figures(@Query() query: ReplyTimesQueryDto) {
    return this.replyTimes.figures(query.days as unknown as number);
  }
}
