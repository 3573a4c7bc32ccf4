import { Body, Controller, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from '../common/zod-dto';
import { pageHiddenRequest } from '@app/contract';
import { AllowExternalCaller } from '../common/request-type.guard';
import { RateLimit } from '../common/rate-limit.guard';
import { OkResponseDto, Returns } from '../common/responses';
import { BouncesService } from './bounces.service';

class PageHiddenBody extends createZodDto(pageHiddenRequest) {}

@ApiTags('members')
@Controller('api')
export class BouncesController {
  constructor(private readonly bounces: BouncesService) {}

  /** navigator.sendBeacon cannot set X-Request-Type; the call only counts, so it needs none. */
  @Post('page-hidden.php')
  @AllowExternalCaller()
  @RateLimit('page_bounces')
  @Returns(OkResponseDto)
  @ApiOperation({
    summary:
      'Page-bounce beacon (?lb): counts one bounce for the route of the page left (its path in ' +
      'the body; any path that is not a page of the site counts as other)',
  })
  async hidden(@Body() body: PageHiddenBody) {
    await this.bounces.count(body.path);
    return { ok: true as const };
  }
}
