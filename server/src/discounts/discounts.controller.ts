import { Controller, Get, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { Returns } from '../common/responses';
import {
  DeleteDiscountResponseDto,
  DiscountCodeQueryDto,
  DiscountCodeResponseDto,
} from './discounts.dto';
import { DiscountsService } from './discounts.service';

@ApiTags('payments')
@Controller('api')
@UseGuards(AuthGuard)
export class DiscountsController {
  constructor(private readonly discounts: DiscountsService) {}

  @Get('discountcode.php')
  @Returns(DiscountCodeResponseDto)
  @ApiOperation({
    summary:
      'A discount code the member typed, or (welcome=true) the welcome code TIMEBONUS25 while ' +
      'the time bonus runs; 404 discount_not_found, 409 discount_used or discount_reserved, ' +
      '429 rate_limited after too many codes not found. Never reserves or claims the code',
  })
  lookup(@CurrentSession() session: CurrentSessionData, @Query() query: DiscountCodeQueryDto) {
    return this.discounts.lookup(session.userId, query);
  }

  @Post('delete-discount.php')
  @Returns(DeleteDiscountResponseDto)
  @ApiOperation({
    summary:
      'The deletion page’s offer: the member’s own discount code (issued on the first call, ' +
      'accepted from nobody else, valid for days, and only while the deletion is begun); null ' +
      'when there is no offer or it was used; 409 deletion_not_started before ' +
      'POST account-delete-start.php',
  })
  deletionOffer(@CurrentSession() session: CurrentSessionData) {
    return this.discounts.deletionOffer(session.userId);
  }
}
