import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { Returns } from '../common/responses';
import { DiscountCodeQueryDto, DiscountCodeResponseDto } from './discounts.dto';
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
      'the time bonus runs; 404 discount_not_found, 409 discount_used. Never claims the code',
  })
  lookup(@CurrentSession() session: CurrentSessionData, @Query() query: DiscountCodeQueryDto) {
    return this.discounts.lookup(session.userId, query);
  }
}
