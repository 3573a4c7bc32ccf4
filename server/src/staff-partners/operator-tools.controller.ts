import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Returns } from '../common/responses';
import { Idempotent, IdempotencyKey } from '../idempotency';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { OperatorToolsService } from './operator-tools.service';
import {
  InboxGiftBody,
  InboxPhotoBody,
  NextConversationResponseDto,
  OperatorGiftsResponseDto,
  PartnerLibraryResponseDto,
} from './operator-tools.dto';
import { IdParam, InboxReplyResponseDto } from './staff-partners.dto';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

/**
 * Operators (and admins) in the inbox, beyond the text reply: the next conversation, the
 * partner's photo library and the gifts, sent as the partner.
 */
@ApiTags('staff')
@Controller('api/staff/inbox')
export class OperatorToolsController {
  constructor(private readonly tools: OperatorToolsService) {}

  @Post('next')
  @Staff('operator')
  @Returns(NextConversationResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      'Operator: claims the longest-waiting conversation nobody holds (earlier holds released; audited)',
  })
  next(@CurrentStaff() staff: StaffPrincipal) {
    return this.tools.next(staff);
  }

  @Get('gifts')
  @Staff('operator')
  @Returns(OperatorGiftsResponseDto)
  @ApiOperation({ summary: 'Operator: the gifts on offer, to send as a chat partner' })
  gifts() {
    return this.tools.giftCatalogue();
  }

  @Get(':id/library')
  @Staff('operator')
  @Returns(PartnerLibraryResponseDto)
  @ApiOperation({ summary: 'Operator: the photo library of the conversation’s chat partner' })
  library(@CurrentStaff() staff: StaffPrincipal, @Param() params: IdParam) {
    return this.tools.conversationLibrary(staff, params.id);
  }

  @Post(':id/photo')
  @Staff('operator')
  @Idempotent({ required: true, keptByHandler: true })
  @Returns(InboxReplyResponseDto, 201)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary: 'Operator: a photo of the partner’s own library, sent as the partner (audited)',
  })
  photo(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: IdParam,
    @Body() body: InboxPhotoBody,
    @IdempotencyKey() key: string,
  ) {
    return this.tools.sendPhoto(staff, params.id, body.photo, key);
  }

  @Post(':id/gift')
  @Staff('operator')
  @Idempotent({ required: true, keptByHandler: true })
  @Returns(InboxReplyResponseDto, 201)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary: 'Operator: a gift sent as the partner, free for the member (audited)',
  })
  gift(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: IdParam,
    @Body() body: InboxGiftBody,
    @IdempotencyKey() key: string,
  ) {
    return this.tools.sendGift(staff, params.id, body.gift, key);
  }
}
