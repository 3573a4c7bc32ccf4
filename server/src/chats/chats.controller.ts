import { Body, Controller, Delete, Get, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ZodValidationPipe } from 'nestjs-zod';
import type { ChatDeleteRequest, SendMessageRequest } from '@app/contract';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { AppError } from '../common/app-error';
import { OkResponseDto, Returns } from '../common/responses';
import { IdempotencyKey, PaidCall } from '../idempotency';
import { viewerOf } from '../member-access';
import { PhotoUploadInterceptor, type PhotoUploadRequest } from '../photos';
import {
  CatchUpQueryDto,
  CatchUpResponseDto,
  ChatDeleteBody,
  ChatQueryDto,
  ChatReadBody,
  ChatResponseDto,
  ChatsResponseDto,
  GiftsResponseDto,
  IcebreakersResponseDto,
  SendMessageBody,
  SendMessageResponseDto,
  SendPhotoFieldsDto,
} from './chats.dto';
import { ConversationsService } from './conversations.service';
import { GiftsService } from './gifts.service';
import { ICEBREAKERS } from './icebreakers';
import { MarkersService } from './markers.service';
import { SendsService } from './sends.service';
import type { Sender } from './sending';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

/** The session's member as a chat participant (staff accounts without a profile cannot chat). */
function member(session: CurrentSessionData) {
  const profile = session.user.profile;
  if (!profile) throw new AppError('forbidden');
  return { ...viewerOf(session), profileId: profile.id };
}

function sender(session: CurrentSessionData): Sender {
  return {
    ...member(session),
    roles: session.user.roles,
    status: session.user.status,
    credits: session.user.credits,
  };
}

@ApiTags('chats')
@Controller('api')
@UseGuards(AuthGuard)
export class ChatsController {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly markers: MarkersService,
    private readonly sends: SendsService,
    private readonly gifts: GiftsService,
  ) {}

  @Get('chats.php')
  @Returns(ChatsResponseDto)
  @ApiOperation({
    summary: 'The member’s conversations (newest first, unread counts) and the badge totals',
  })
  list(@CurrentSession() session: CurrentSessionData) {
    return this.conversations.list(viewerOf(session));
  }

  @Get('chat.php')
  @Returns(ChatResponseDto)
  @ApiOperation({
    summary:
      'One conversation (by id, or by the other member’s profile id): a page of messages, costs, whether it may be started',
  })
  open(@CurrentSession() session: CurrentSessionData, @Query() query: ChatQueryDto) {
    return this.conversations.open(member(session), session.user.status, query);
  }

  @Delete('chat.php')
  @Returns(OkResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiBody({ type: ChatDeleteBody })
  @ApiOperation({
    summary: 'Removes a conversation (or every conversation with a member) from the member’s list',
  })
  remove(
    @CurrentSession() session: CurrentSessionData,
    @Body(new ZodValidationPipe(ChatDeleteBody)) body: ChatDeleteRequest,
  ) {
    return this.conversations.remove(viewerOf(session), body);
  }

  @Get('messages.php')
  @Returns(CatchUpResponseDto)
  @ApiOperation({ summary: 'Catch-up: the member’s messages with a seq above `since`, in order' })
  catchUp(@CurrentSession() session: CurrentSessionData, @Query() query: CatchUpQueryDto) {
    return this.conversations.catchUp(member(session), query.since);
  }

  @Post('chat-read.php')
  @Returns(OkResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'The member read a conversation up to a seq (its unread count drops)' })
  async read(@CurrentSession() session: CurrentSessionData, @Body() body: ChatReadBody) {
    await this.markers.read(viewerOf(session), body.conversation, body.seq);
    return { ok: true as const };
  }

  @Post('message.php')
  // the key is kept on the message (unique per sender): a repeat answers the stored message
  @PaidCall({ limit: 'messages', keptByHandler: true })
  @Returns(SendMessageResponseDto, 201)
  @ApiHeader(CLIENT_HEADER)
  @ApiBody({ type: SendMessageBody })
  @ApiOperation({
    summary:
      'Sends a text or a gift to a conversation or a member, paid with credits (Idempotency-Key required)',
  })
  async send(
    @CurrentSession() session: CurrentSessionData,
    @Body(new ZodValidationPipe(SendMessageBody)) body: SendMessageRequest,
    @IdempotencyKey() key: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    const sent = await this.sends.send(sender(session), body, key);
    if (sent.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return sent.answer;
  }

  @Post('message-photo.php')
  // the upload is read first, so a reused key with another photo or conversation is 422
  @PaidCall({ limit: 'messages', upload: PhotoUploadInterceptor })
  @Returns(SendMessageResponseDto, 201)
  @ApiHeader(CLIENT_HEADER)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: {
        photo: { type: 'string', format: 'binary' },
        conversation: { type: 'string' },
        member: { type: 'string' },
      },
      required: ['photo'],
    },
  })
  @ApiOperation({
    summary:
      'Sends a photo (sniffed, re-encoded, metadata removed), paid with credits (Idempotency-Key required)',
  })
  sendPhoto(
    @CurrentSession() session: CurrentSessionData,
    @Body() fields: SendPhotoFieldsDto,
    @Req() req: PhotoUploadRequest,
    @IdempotencyKey() key: string,
  ) {
    return this.sends.sendPhoto(sender(session), fields, req.file!.buffer, key);
  }

  @Get('gifts.php')
  @Returns(GiftsResponseDto)
  @ApiOperation({ summary: 'The gift catalogue: gifts on offer with their picture and price' })
  async giftList() {
    return { gifts: await this.gifts.active() };
  }

  @Get('icebreakers.php')
  @Returns(IcebreakersResponseDto)
  @ApiOperation({ summary: 'Openers for an empty conversation (i18n keys icebreakers.<key>)' })
  icebreakers() {
    return { icebreakers: [...ICEBREAKERS] };
  }
}
