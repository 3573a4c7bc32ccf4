import { Body, Controller, Get, Post, Res, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { Returns } from '../common/responses';
import { IdempotencyKey, PaidCall } from '../idempotency';
import { BoostPurchaseBody, BoostPurchaseResponseDto, BoostStatusResponseDto } from './boosts.dto';
import { BoostsService } from './boosts.service';

@ApiTags('boosts')
@Controller('api')
@UseGuards(AuthGuard)
export class BoostsController {
  constructor(private readonly boosts: BoostsService) {}

  @Get('boost.php')
  @Returns(BoostStatusResponseDto)
  @ApiOperation({
    summary:
      'The member’s boost: the one running, the price in credits, whether the next is free (premium, weekly)',
  })
  status(@CurrentSession() session: CurrentSessionData) {
    return this.boosts.status(session.userId);
  }

  @Post('boost.php')
  // the key is kept on the boost (unique per member): a repeat answers the boost bought then
  @PaidCall({ limit: 'messages', keptByHandler: true })
  @Returns(BoostPurchaseResponseDto, 201)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary:
      'Buys a boost: first in the member’s region’s search for 30 minutes, paid with credits or a premium member’s free weekly one (Idempotency-Key required; 409 boost_running)',
  })
  async purchase(
    @CurrentSession() session: CurrentSessionData,
    @Body() _body: BoostPurchaseBody,
    @IdempotencyKey() key: string,
    @Res({ passthrough: true }) res: Response,
  ) {
    const bought = await this.boosts.purchase(session.userId, key);
    if (bought.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return bought.answer;
  }
}
