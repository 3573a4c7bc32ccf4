import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Returns } from '../common/responses';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { PersonasService } from './personas.service';
import { IdParam } from './staff-partners.dto';
import {
  CannedRepliesResponseDto,
  CannedReplyBody,
  CannedReplyResponseDto,
  ConversationNoteBody,
  ConversationNotesResponseDto,
  FactParam,
  PersonaBody,
  PersonaFactBody,
  PersonaPanelResponseDto,
  PersonaResponseDto,
} from './personas.dto';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

/**
 * The chat partner as one person: persona sheets, facts told, notes per conversation and
 * canned replies. Operators (and admins) read them, note facts and notes and keep the canned
 * replies; only admins write a partner's backstory and writing style.
 */
@ApiTags('staff')
@Controller('api/staff')
export class PersonasController {
  constructor(private readonly personas: PersonasService) {}

  @Get('partners/:id/persona')
  @Staff('operator')
  @Returns(PersonaResponseDto)
  @ApiOperation({ summary: 'Operator: a chat partner’s persona sheet (backstory, style, facts)' })
  async sheet(@CurrentStaff() staff: StaffPrincipal, @Param() params: IdParam) {
    return { persona: await this.personas.sheet(staff, params.id) };
  }

  @Put('partners/:id/persona')
  @Staff('admin')
  @Returns(PersonaResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Admin: a chat partner’s backstory and writing style (audited)' })
  write(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: IdParam,
    @Body() body: PersonaBody,
  ) {
    return this.personas.write(staff, params.id, body);
  }

  @Post('partners/:id/persona/facts')
  @Staff('operator')
  @Returns(PersonaResponseDto, 201)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Operator: a fact the chat partner has told, on its sheet (audited)' })
  addFact(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: IdParam,
    @Body() body: PersonaFactBody,
  ) {
    return this.personas.addFact(staff, params.id, body.body);
  }

  @Delete('partners/:id/persona/facts/:fact')
  @Staff('operator')
  @Returns(PersonaResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Operator: a fact off the chat partner’s sheet (audited)' })
  removeFact(@CurrentStaff() staff: StaffPrincipal, @Param() params: FactParam) {
    return this.personas.removeFact(staff, params.id, params.fact);
  }

  @Get('partners/:id/canned-replies')
  @Staff('operator')
  @Returns(CannedRepliesResponseDto)
  @ApiOperation({ summary: 'Operator: a chat partner’s canned replies, every language' })
  replies(@CurrentStaff() staff: StaffPrincipal, @Param() params: IdParam) {
    return this.personas.replies(staff, params.id);
  }

  @Post('partners/:id/canned-replies')
  @Staff('operator')
  @Returns(CannedReplyResponseDto, 201)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      'Operator: a canned reply of a chat partner in one language; only {name} and {city} (400 canned_reply_placeholder_unknown; audited)',
  })
  createReply(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: IdParam,
    @Body() body: CannedReplyBody,
  ) {
    return this.personas.createReply(staff, params.id, body);
  }

  @Put('canned-replies/:id')
  @Staff('operator')
  @Returns(CannedReplyResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Operator: changes a canned reply (audited)' })
  updateReply(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: IdParam,
    @Body() body: CannedReplyBody,
  ) {
    return this.personas.updateReply(staff, params.id, body);
  }

  @Delete('canned-replies/:id')
  @Staff('operator')
  @Returns(CannedRepliesResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Operator: deletes a canned reply; the partner’s others (audited)' })
  deleteReply(@CurrentStaff() staff: StaffPrincipal, @Param() params: IdParam) {
    return this.personas.deleteReply(staff, params.id);
  }

  @Get('inbox/:id/persona')
  @Staff('operator')
  @Returns(PersonaPanelResponseDto)
  @ApiOperation({
    summary:
      'Operator: beside a conversation, the partner’s sheet, the notes on it and the canned replies in the member’s language, filled in',
  })
  panel(@CurrentStaff() staff: StaffPrincipal, @Param() params: IdParam) {
    return this.personas.panel(staff, params.id);
  }

  @Post('inbox/:id/notes')
  @Staff('operator')
  @Returns(ConversationNotesResponseDto, 201)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Operator: a note on what was said in this conversation (audited)' })
  addNote(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: IdParam,
    @Body() body: ConversationNoteBody,
  ) {
    return this.personas.addNote(staff, params.id, body.body);
  }
}
